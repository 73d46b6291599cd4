import { useRouter } from '@tanstack/react-router';
import { startTransition, useEffect, useState, type ComponentType } from 'react';
import { PageLoader } from '@/components/page-loader';
import { afterFirstPaint } from '@/lib/later/after-first-paint';
import { lazyModule } from '@/lib/later/lazy-module';
import type { LinkEditorProps, StandInButton } from './link-editor';
import { LinkEditorStandIn } from './link-editor-stand-in';

/** The link editor's code, shared by the home page's editor and the one "New link" opens. */
export const linkEditor = lazyModule(() => import(/* background */ './link-editor'));

/**
 * The link editor where it opens on request ("New link"): its code is not part of the page. It
 * loads when the author heads for the button (`linkEditor.preload`), and an editor opened before
 * it has arrived shows a loader until then.
 */
// Pure: the home page, which ships in the entry chunk, does without it.
export const LinkEditorOnRequest = /* @__PURE__ */ linkEditor.component(
  ({ LinkEditor }) => LinkEditor,
  <PageLoader />,
);

/** Once loaded, later visits to the page show the editor at once. */
let loadedEditor: { LinkEditor: ComponentType<LinkEditorProps> } | undefined;

/**
 * The home page's link editor. Its code (forms, validation, the steps after the first) loads once
 * the first screen has been painted, so it never delays it. Until then a stand-in drawn like the
 * editor's first step holds its place at the same size, so nothing below it moves; a button
 * pressed there is pressed again by the editor when it arrives.
 */
export function LinkEditorAfterFirstPaint() {
  const router = useRouter();
  const [editor, setEditor] = useState(() => loadedEditor);
  const [failure, setFailure] = useState<Error>();
  const [pressed, setPressed] = useState<StandInButton>();

  useEffect(() => {
    if (editor) return;
    let active = true;
    afterFirstPaint(router)
      .then(linkEditor.load)
      .then(
        ({ LinkEditor }) => {
          loadedEditor = { LinkEditor };
          if (!active) return;
          // A render that gives way to input: a tap on the stand-in is not held up by it.
          startTransition(() => {
            setEditor(loadedEditor);
          });
        },
        (error: unknown) => {
          if (!active) return;
          setFailure(
            error instanceof Error ? error : new Error('The link editor could not be loaded.'),
          );
        },
      );
    return () => {
      active = false;
    };
  }, [router, editor]);

  // A stand-in that can never become the editor would fail silently: the page's error screen,
  // with its retry, says so instead.
  if (failure !== undefined) throw failure;
  if (editor) return <editor.LinkEditor pressedBeforeLoad={pressed} />;
  return <LinkEditorStandIn onPress={setPressed} />;
}
