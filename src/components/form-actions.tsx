import { Button, Group, type MantineColor } from '@mantine/core';
import { useState, type ReactNode } from 'react';

interface FormActionsProps {
  /** The main button; without it only Cancel is shown. */
  submitLabel?: string;
  /** The main button spins while the attempt is under way. */
  pending?: boolean;
  /** Makes the main button call this, for a confirmation outside a form; otherwise it submits the form. */
  onConfirm?: () => void;
  /** The main button's colour, for an action that cannot be undone. */
  color?: MantineColor;
  /** Shows the Cancel button. */
  onCancel?: () => void;
  cancelLabel?: string;
  /** Cancel takes the focus when the dialog opens: the safe choice of a confirmation. */
  focusCancel?: boolean;
  /** Put at the start of the row, apart from the buttons: a link to a sign-up page. */
  children?: ReactNode;
}

/** The buttons under a form or a confirmation: Cancel, then the main action, at the end of the row. */
export function FormActions({
  submitLabel,
  pending = false,
  onConfirm,
  color,
  onCancel,
  cancelLabel = 'Cancel',
  focusCancel = false,
  children,
}: FormActionsProps) {
  return (
    <Group justify={children ? 'space-between' : 'flex-end'}>
      {children}
      {onCancel && (
        <Button variant="default" onClick={onCancel} data-autofocus={focusCancel || undefined}>
          {cancelLabel}
        </Button>
      )}
      {submitLabel !== undefined && (
        <Button
          type={onConfirm ? 'button' : 'submit'}
          color={color}
          onClick={onConfirm}
          loading={pending}
        >
          {submitLabel}
        </Button>
      )}
    </Group>
  );
}

interface ConfirmActionsProps {
  /** The action that cannot be undone: 'Delete collection'. */
  confirmLabel: string;
  /** Does it, and shows its own failure; the button spins until it settles. */
  onConfirm: () => Promise<void>;
  onKeep: () => void;
}

/** The buttons of a confirmation that cannot be undone: "Keep it", which has the focus, and the action. */
export function ConfirmActions({ confirmLabel, onConfirm, onKeep }: ConfirmActionsProps) {
  const [pending, setPending] = useState(false);
  const confirm = () => {
    setPending(true);
    void onConfirm().finally(() => {
      setPending(false);
    });
  };
  return (
    <FormActions
      onCancel={onKeep}
      cancelLabel="Keep it"
      focusCancel
      submitLabel={confirmLabel}
      // Red as the app shows it: red.9 in its light colour scheme.
      color="red"
      onConfirm={confirm}
      pending={pending}
    />
  );
}
