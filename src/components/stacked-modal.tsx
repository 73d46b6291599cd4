import { Modal, type ModalProps } from '@mantine/core';
import { useEffect, useId, useSyncExternalStore } from 'react';

export const MODAL_BASE_Z_INDEX = 1000;
export const MODAL_Z_INDEX_STEP = 2;

const openModalIds: string[] = [];
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Each open modal sits above the ones opened before it: 1000, 1002, 1004… */
export function useStackedZIndex(opened: boolean): number {
  const id = useId();
  useEffect(() => {
    if (!opened) return;
    openModalIds.push(id);
    notify();
    return () => {
      openModalIds.splice(openModalIds.indexOf(id), 1);
      notify();
    };
  }, [opened, id]);
  const position = useSyncExternalStore(subscribe, () => openModalIds.indexOf(id));
  return MODAL_BASE_Z_INDEX + MODAL_Z_INDEX_STEP * Math.max(0, position);
}

export function StackedModal(props: ModalProps) {
  const zIndex = useStackedZIndex(props.opened);
  return <Modal closeButtonProps={{ 'aria-label': 'Close' }} {...props} zIndex={zIndex} />;
}
