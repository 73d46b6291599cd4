import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';

/** The report-a-link page for a short link that does not exist. */
export function LinkNotFound() {
  return (
    <Container size="sm" py="xl">
      <Stack align="flex-start">
        <Title order={1}>We could not find that link</Title>
        <Text>
          There is no Shelflink short link at this address, so there is nothing to report. Check the
          link for typos, or it may have been removed by its author.
        </Text>
        <Button component={Link} to="/">
          Go to the home page
        </Button>
      </Stack>
    </Container>
  );
}
