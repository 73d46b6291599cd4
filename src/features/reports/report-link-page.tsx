import { Container, Stack, Text, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { shortLinkMetadataQueryOptions } from './reports-queries';

const route = getRouteApi('/report-link/$domain/$code');

export function ReportLinkPage() {
  const params = route.useParams();
  const { data: link } = useSuspenseQuery(shortLinkMetadataQueryOptions(params));
  return (
    <Container size="sm" py="lg">
      <Stack>
        <Title order={1}>Report a problem with this link</Title>
        <Text>
          {link.domain}/{link.code} leads to {link.title} by {link.author} at {link.retailer}.
        </Text>
      </Stack>
    </Container>
  );
}
