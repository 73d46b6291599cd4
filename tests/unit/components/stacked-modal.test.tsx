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
