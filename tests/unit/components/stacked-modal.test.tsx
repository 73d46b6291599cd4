import { Menu, Select, Tooltip } from '@mantine/core';
import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { render, renderHook } from '../support/render';

import {
  MODAL_BASE_Z_INDEX,
  MODAL_Z_INDEX_STEP,
  StackedModal,
  useStackedZIndex,
} from '@/components/stacked-modal';

function Modals({
  first,
  second,
  third = false,
}: {
  first: boolean;
  second: boolean;
  third?: boolean;
}) {
  return (
    <>
      <StackedModal opened={first} onClose={() => {}} title="First">
        First body
      </StackedModal>
      <StackedModal opened={second} onClose={() => {}} title="Second">
        Second body
      </StackedModal>
      <StackedModal opened={third} onClose={() => {}} title="Third">
        Third body
      </StackedModal>
    </>
  );
}

/** The z-index Mantine gives the root of the modal with this title. */
function zIndexOf(title: string): number {
  const root = screen
    .getByRole('dialog', { name: title })
    .closest<HTMLElement>('.mantine-Modal-root');
  if (!root) throw new Error(`No modal root for ${title}`);
  return Number(root.style.getPropertyValue('--mb-z-index'));
}

describe('StackedModal', () => {
  test('two open modals get z-index 1000 and 1002', () => {
    render(<Modals first second />);

    expect(zIndexOf('First')).toBe(1000);
    expect(zIndexOf('Second')).toBe(1002);
    expect(screen.queryByRole('dialog', { name: 'Third' })).not.toBeInTheDocument();
  });

  test('a modal opened later sits above the open ones, in opening order', () => {
    const { rerender } = render(<Modals first={false} second />);
    expect(zIndexOf('Second')).toBe(1000);

    rerender(<Modals first second />);
    expect(zIndexOf('Second')).toBe(1000);
    expect(zIndexOf('First')).toBe(1002);

    rerender(<Modals first second third />);
    expect(zIndexOf('Third')).toBe(1004);
  });

  test('closing a modal moves the ones above it down', () => {
    const { rerender } = render(<Modals first second />);

    rerender(<Modals first={false} second />);

    expect(screen.queryByRole('dialog', { name: 'First' })).not.toBeInTheDocument();
    expect(zIndexOf('Second')).toBe(1000);
  });
});

/** The z-index of the open floating layer (popover, listbox, menu or tooltip) named so. */
function floatingZIndex(layer: HTMLElement): number {
  const positioned = layer.closest<HTMLElement>('[style*="z-index"]');
  if (!positioned) throw new Error('The layer is not positioned');
  return Number(positioned.style.zIndex);
}

describe('the floating layers opened in a StackedModal', () => {
  function ModalWithLayers({ stacked }: { stacked: boolean }) {
    return (
      <>
        <StackedModal opened onClose={() => {}} title="Add an affiliate token">
          <Select label="Program" data={['Amazon', 'Apple']} dropdownOpened />
          <Menu opened>
            <Menu.Target>
              <button type="button">Actions</button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item>Rename</Menu.Item>
            </Menu.Dropdown>
          </Menu>
          <Tooltip label="Copied" opened>
            <button type="button">Copy</button>
          </Tooltip>
        </StackedModal>
        <StackedModal opened={stacked} onClose={() => {}} title="Confirm">
          Sure?
        </StackedModal>
      </>
    );
  }

  test('show above their modal and below a modal stacked on it', () => {
    const { rerender } = render(<ModalWithLayers stacked={false} />);
    const layers = [
      screen.getByRole('listbox', { hidden: true }),
      screen.getByRole('menu', { hidden: true }),
      screen.getByRole('tooltip', { hidden: true }),
    ];
    for (const layer of layers) expect(floatingZIndex(layer)).toBe(1001);

    rerender(<ModalWithLayers stacked />);
    expect(zIndexOf('Confirm')).toBe(1002);
    for (const layer of layers) expect(floatingZIndex(layer)).toBeLessThan(zIndexOf('Confirm'));
  });

  test('outside a modal keep Mantine’s place, below any modal', () => {
    render(
      <Tooltip label="Copied" opened>
        <button type="button">Copy</button>
      </Tooltip>,
    );
    expect(floatingZIndex(screen.getByRole('tooltip', { hidden: true }))).toBeLessThan(
      MODAL_BASE_Z_INDEX,
    );
  });
});

describe('useStackedZIndex', () => {
  test('counts only open modals, from 1000 in steps of 2', () => {
    expect(MODAL_BASE_Z_INDEX).toBe(1000);
    expect(MODAL_Z_INDEX_STEP).toBe(2);

    const closed = renderHook(() => useStackedZIndex(false));
    const first = renderHook(() => useStackedZIndex(true));
    const second = renderHook(() => useStackedZIndex(true));

    expect(closed.result.current).toBe(1000);
    expect(first.result.current).toBe(1000);
    expect(second.result.current).toBe(1002);

    first.unmount();
    expect(second.result.current).toBe(1000);
    second.unmount();
    closed.unmount();
  });
});
