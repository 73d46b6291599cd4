import { Card, SimpleGrid, Text, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { collectionsListQueryOptions } from './collections-queries';

export function CollectionsPage() {
  const { data } = useSuspenseQuery(collectionsListQueryOptions({}));
  if (data.results.length === 0) return <Text>You have no collections yet.</Text>;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
      {data.results.map((collection) => (
        <Card key={collection.id} withBorder>
          <Title order={2} fz="lg">
            {collection.title}
          </Title>
          <Text c="dimmed" size="sm">
            {collection.shortUrl} · {collection.linkIds.length} links
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}
