import { Button, Group } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';

interface FirstStepButtonsProps {
  /** Called by Continue; without it Continue submits the step's form. */
  onContinue?: () => void;
  onCreate: () => void;
  /** A check or the create request is running. */
  busy?: boolean;
  creating?: boolean;
}

/**
 * The first step's Continue and "Create link now", drawn by the step and by its stand-in alike
 * (link-editor-stand-in.tsx), so that the page does not shift when the editor takes its place.
 */
export function FirstStepButtons({
  onContinue,
  onCreate,
  busy = false,
  creating = false,
}: FirstStepButtonsProps) {
  return (
    <Group gap="sm">
      <Button
        type={onContinue ? 'button' : 'submit'}
        size="md"
        rightSection={<IconArrowRight size={18} aria-hidden="true" />}
        onClick={onContinue}
        disabled={busy}
        loading={busy && !creating}
      >
        Continue
      </Button>
      <Button
        variant="light"
        size="md"
        onClick={onCreate}
        loading={creating}
        disabled={busy && !creating}
      >
        Create link now
      </Button>
    </Group>
  );
}
