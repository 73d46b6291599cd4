import { Button, Stack, Text } from '@mantine/core';
import { FormFailure } from '@/components/form-failure';

/** Why a lookup or a list failed, with a button that asks again; nothing when it did not fail. */
export function RetryFailure({
  title,
  message,
  retrying,
  onRetry,
}: {
  title: string;
  message: string | undefined;
  retrying?: boolean;
  onRetry: () => void;
}) {
  return (
    <FormFailure title={title} message={message}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{message}</Text>
        <Button size="xs" variant="default" loading={retrying} onClick={onRetry}>
          Try again
        </Button>
      </Stack>
    </FormFailure>
  );
}
