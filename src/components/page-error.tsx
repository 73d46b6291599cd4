import { Alert, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { Link, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect } from 'react';
import { isApiError } from '@/api/api-error';
import { errorMessage, reportUncaughtError } from '@/lib/error-reporting';

/** Shown in place of a screen that failed: says what happened and offers a retry. */
export function PageError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const queryErrorResetBoundary = useQueryErrorResetBoundary();

  useEffect(() => {
    // API failures were already reported by the client middleware.
    if (!isApiError(error)) reportUncaughtError(error);
  }, [error]);

  const retry = () => {
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
          <Text>{errorMessage(error)}</Text>
        </Alert>
        <Group>
          <Button onClick={retry}>Try again</Button>
          <Button component={Link} to="/" variant="default">
            Go to the home page
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
