import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { DestructiveButton } from '@/components/destructive-button';
import { render } from '../support/render';

describe('DestructiveButton', () => {
  test('is a small, quiet red button that does what it is given', async () => {
    const onClick = vi.fn();
    render(
      <DestructiveButton onClick={onClick} aria-label="Remove Amazon Associates token">
        Remove
      </DestructiveButton>,
    );
    const button = screen.getByRole('button', { name: 'Remove Amazon Associates token' });
    expect(button).toHaveAttribute('data-variant', 'subtle');
    expect(button).toHaveAttribute('data-size', 'xs');
    expect(button.style.getPropertyValue('--button-color')).toContain('red');
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledOnce();
  });

  test('cannot be pressed while its action runs', () => {
    render(<DestructiveButton loading>Cancel the change</DestructiveButton>);
    expect(screen.getByRole('button', { name: /Cancel the change/ })).toBeDisabled();
  });
});
