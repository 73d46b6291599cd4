import { useEffect, useRef, useState } from 'react';

/** A field to focus (by its form path), the heading, or the way to sign in again. */
export type FocusTarget = { field: string } | 'heading' | 'sign-in';

/** Focus follows the author to the next step, or to what needs their attention. */
export function useEditorFocus(initialTarget: FocusTarget | null) {
  // Each request is a new object, so asking for the same target again moves focus again.
  const [request, setRequest] = useState(initialTarget && { target: initialTarget });
  const rootRef = useRef<HTMLElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const signInRef = useRef<HTMLAnchorElement>(null);

  useEffect(() => {
    if (request === null) return;
    const { target } = request;
    if (target === 'heading' || target === 'sign-in') {
      (target === 'heading' ? headingRef : signInRef).current?.focus();
      return;
    }
    rootRef.current
      ?.querySelector<HTMLElement>(`[data-path="${CSS.escape(target.field)}"]`)
      ?.focus();
  }, [request]);

  const focus = (target: FocusTarget) => {
    setRequest({ target });
  };
  return { rootRef, headingRef, signInRef, focus };
}
