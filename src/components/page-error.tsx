import { Alert, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useQueryClient, useQueryErrorResetBoundary } from '@tanstack/react-query';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect } from 'react';
import { isApiError } from '@/api/api-error';
import { ButtonLink } from '@/components/button-link';
import { errorMessage, reportUncaughtError } from '@/lib/error-reporting';

/** Shown for a failure other than an API call's, such as a reply of the wrong shape. */
export const PAGE_FAILURE_MESSAGE = 'This page could not be shown. Please try again.';

/** Shown in place of a screen that failed: says what happened and offers a retry. */
export function PageError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const queryErrorResetBoundary = useQueryErrorResetBoundary();

  useEffect(() => {
    // API failures were already reported by the client middleware.
    if (!isApiError(error)) reportUncaughtError(error);
  }, [error]);

  const retry = () => {
    // A screen that failed on the data it was given (a reply of the wrong shape) would fail again
    // on the same cached data, so it starts over from fresh replies.
    if (!isApiError(error)) queryClient.removeQueries({ type: 'inactive' });
    queryErrorResetBoundary.reset();
    reset();
    void router.invalidate();
  };

  const unreachable = isApiError(error) && error.isUnreachable;

  return (
    <Container size="sm" py="xl">
      <Stack>
        <Title order={1}>
          {unreachable ? 'Shelflink is out of reach' : 'Something went wrong'}
        </Title>
        <Alert color="red" title="What happened" role="alert">
          {/* A programming error's own text ("Cannot read properties of undefined") helps nobody
              here; it goes to the console and the error-reporting service instead. */}
          <Text>{isApiError(error) ? errorMessage(error) : PAGE_FAILURE_MESSAGE}</Text>
        </Alert>
        <Group>
          <Button onClick={retry}>Try again</Button>
          <ButtonLink to="/" variant="default">
            Go to the home page
          </ButtonLink>
        </Group>
      </Stack>
    </Container>
  );
}
