import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { FormActions } from '@/components/form-actions';
import { FormFailure } from '@/components/form-failure';
import { useFormFailure } from '@/components/use-form-failure';
import { render, renderHook } from '../support/render';

describe('FormFailure', () => {
  test('shows nothing without a message', () => {
    render(<FormFailure title="Not saved" message={undefined} />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText('Not saved')).not.toBeInTheDocument();
  });

  test('is an alert with its title and message', () => {
    render(<FormFailure title="Not saved" message="The server is away." />);
    expect(screen.getByRole('alert')).toHaveTextContent('Not savedThe server is away.');
  });
});

describe('FormActions', () => {
  test('Cancel, then the main button that submits the form', async () => {
    const onCancel = vi.fn();
    render(<FormActions onCancel={onCancel} submitLabel="Save changes" />);
    const buttons = screen.getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual(['Cancel', 'Save changes']);
    expect(buttons[1]).toHaveAttribute('type', 'submit');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledOnce();
  });

  test('a confirmation calls back and puts the focus on the safe choice', async () => {
    const onConfirm = vi.fn();
    render(
      <FormActions
        onCancel={() => {}}
        cancelLabel="Keep it"
        focusCancel
        submitLabel="Delete"
        onConfirm={onConfirm}
      />,
    );
    expect(screen.getByRole('button', { name: 'Keep it' })).toHaveAttribute('data-autofocus');
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveAttribute('type', 'button');
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledOnce();
  });
});

describe('useFormFailure', () => {
  test('puts field errors at the form and the message in the alert, until cleared', () => {
    const form = { setErrors: vi.fn() };
    const { result } = renderHook(() => useFormFailure(form));
    act(() => {
      result.current.apply({ fieldErrors: { url: 'Not a page.' }, message: 'Also this.' });
    });
    expect(form.setErrors).toHaveBeenCalledWith({ url: 'Not a page.' });
    expect(result.current.message).toBe('Also this.');
    act(() => {
      result.current.clear();
    });
    expect(result.current.message).toBeUndefined();
  });
});
