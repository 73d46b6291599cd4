import { Alert, Button, Stack, Text } from '@mantine/core';
import { isApiError } from '@/api/api-error';

/** A part of the page that failed to load, with a retry; the rest of the page keeps working. */
export function SectionError({
  what,
  error,
  onRetry,
}: {
  what: string;
  error: unknown;
  onRetry: () => void;
}) {
  return (
    <Alert color="red" title={`We could not load ${what}`} role="alert">
      <Stack gap="sm" align="flex-start">
        {isApiError(error) && <Text size="sm">{error.message}</Text>}
        <Button size="xs" variant="default" onClick={onRetry}>
          Try again
        </Button>
      </Stack>
    </Alert>
  );
}
