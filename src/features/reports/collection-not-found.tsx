import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';

/** The report page of a collection that is not among the author's, or no longer exists. */
export function CollectionNotFound() {
  return (
    <Container size="sm" py="xl">
      <Stack align="flex-start">
        <Title order={1}>We could not find that collection</Title>
        <Text>
          None of your collections has this address, so there is no report to show. It may have been
          deleted.
        </Text>
        <Button component={Link} to="/links/collections">
          Go to your collections
        </Button>
      </Stack>
    </Container>
  );
}
