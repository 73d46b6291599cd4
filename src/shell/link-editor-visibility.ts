import { useSyncExternalStore } from 'react';

let linkEditorOpen = false;
const listeners = new Set<() => void>();

/** The header hides while the link editor is open; the editor reports its state here. */
export function setLinkEditorOpen(open: boolean): void {
  if (linkEditorOpen === open) return;
  linkEditorOpen = open;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useLinkEditorOpen(): boolean {
  return useSyncExternalStore(subscribe, () => linkEditorOpen);
}
