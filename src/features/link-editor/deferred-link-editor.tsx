import { Button, Group, Paper, Skeleton, Stack, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useRouter } from '@tanstack/react-router';
import { startTransition, useEffect, useId, useState, type ComponentType } from 'react';
import { afterFirstPaint } from '@/shell/after-first-paint';
import type { LinkEditorProps, StandInButton } from './link-editor';
import { loadLinkEditor } from './link-editor-loader';
import {
  destinationFieldProps,
  editorFrameProps,
  editorTitleProps,
  INPUT_HEIGHT_MD,
} from './link-editor-look';

/** Once loaded, later visits to the page show the editor at once. */
let loadedEditor: { LinkEditor: ComponentType<LinkEditorProps> } | undefined;

/**
 * The home page's link editor. Its code (forms, validation, the steps after the first) loads once
 * the first screen has been painted, so it never delays it. Until then a stand-in drawn like the
 * editor's first step holds its place at the same size, so nothing below it moves; a button
 * pressed there is pressed again by the editor when it arrives.
 */
export function DeferredLinkEditor() {
  const router = useRouter();
  const [editor, setEditor] = useState(() => loadedEditor);
  const [failure, setFailure] = useState<Error>();
  const [pressed, setPressed] = useState<StandInButton>();

  useEffect(() => {
    if (editor) return;
    let active = true;
    afterFirstPaint(router)
      .then(loadLinkEditor)
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

/**
 * The editor's first step as the editor draws it (frame, heading, the field's label and
 * description in the same type, the buttons), with a skeleton where the field will be.
 */
function LinkEditorStandIn({ onPress }: { onPress: (button: StandInButton) => void }) {
  const headingId = useId();
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      aria-busy="true"
      {...editorFrameProps}
      shadow="xs"
    >
      <Stack gap="lg">
        <Group justify="space-between" align="center" wrap="nowrap">
          <Title {...editorTitleProps} id={headingId}>
            Create a short link
          </Title>
        </Group>
        <Stack gap="md">
          {/* Mantine's input wrapper: a medium label, its description, then the input. */}
          <div style={{ lineHeight: 'var(--mantine-line-height)' }}>
            <span
              style={{
                display: 'inline-block',
                fontWeight: 'var(--mantine-font-weight-medium)',
                fontSize: 'var(--mantine-font-size-md)',
                overflowWrap: 'break-word',
              }}
            >
              {destinationFieldProps.label}
              <span style={{ color: 'var(--mantine-color-error)' }} aria-hidden="true">
                {' *'}
              </span>
            </span>
            <p
              style={{
                display: 'block',
                margin: 0,
                lineHeight: 1.2,
                overflowWrap: 'break-word',
                color: 'var(--mantine-color-dimmed)',
                fontSize:
                  'calc(var(--mantine-font-size-md) - calc(0.125rem * var(--mantine-scale)))',
              }}
            >
              {destinationFieldProps.description}
            </p>
            <Skeleton h={INPUT_HEIGHT_MD} mt="calc(var(--mantine-spacing-xs) / 2)" radius="md" />
          </div>
          <Group gap="sm">
            <Button
              size="md"
              rightSection={<IconArrowRight size={18} aria-hidden="true" />}
              onClick={() => {
                onPress('continue');
              }}
            >
              Continue
            </Button>
            <Button
              variant="light"
              size="md"
              onClick={() => {
                onPress('create');
              }}
            >
              Create link now
            </Button>
          </Group>
        </Stack>
      </Stack>
    </Paper>
  );
}
