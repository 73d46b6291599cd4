import '@/components/on-demand-mantine-styles';
import {
  Combobox,
  createTheme,
  MantineThemeProvider,
  Menu,
  Modal,
  Popover,
  Tooltip,
  type ModalProps,
} from '@mantine/core';
import { useEffect, useId, useMemo, useSyncExternalStore } from 'react';

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

/**
 * The theme of a modal's content: the popovers, selects, menus and tooltips opened in it show
 * above it (Mantine's own z-index for them is below a modal's), and below any modal stacked on it.
 */
function floatingLayersAbove(modalZIndex: number) {
  const above = { defaultProps: { zIndex: modalZIndex + 1 } };
  return createTheme({
    components: {
      Popover: Popover.extend(above),
      Combobox: Combobox.extend(above),
      Menu: Menu.extend(above),
      Tooltip: Tooltip.extend(above),
    },
  });
}

/**
 * Mantine's Modal, composed from its parts so that its title bar is not a <header>: a header
 * outside any sectioning element is a banner landmark, a second one next to the page's.
 */
export function StackedModal({
  title,
  withOverlay = true,
  overlayProps,
  withCloseButton = true,
  closeButtonProps,
  children,
  radius,
  // Modal.Stack is not used: the stack is ours (useStackedZIndex).
  stackId: _stackId,
  ...rootProps
}: ModalProps) {
  const zIndex = useStackedZIndex(rootProps.opened);
  const contentTheme = useMemo(() => floatingLayersAbove(zIndex), [zIndex]);
  return (
    <Modal.Root radius={radius} {...rootProps} zIndex={zIndex}>
      {withOverlay && <Modal.Overlay {...overlayProps} />}
      <Modal.Content radius={radius}>
        {(Boolean(title) || withCloseButton) && (
          <Modal.Header role="none">
            {title && <Modal.Title>{title}</Modal.Title>}
            {withCloseButton && <Modal.CloseButton aria-label="Close" {...closeButtonProps} />}
          </Modal.Header>
        )}
        <Modal.Body>
          <MantineThemeProvider theme={contentTheme}>{children}</MantineThemeProvider>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
