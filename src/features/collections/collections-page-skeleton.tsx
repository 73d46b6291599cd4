import { Card, Group, SimpleGrid, Skeleton, Stack } from '@mantine/core';

/** Shown while the collections load. */
export function CollectionsPageSkeleton() {
  return (
    <Stack gap="md" role="status" aria-label="Loading your collections">
      <Group justify="space-between">
        <Skeleton h={28} w={180} />
        <Skeleton h={36} w={150} />
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
        {[0, 1, 2].map((card) => (
          <Card key={card} withBorder radius="md">
            <Card.Section>
              <Skeleton h={180} radius={0} />
            </Card.Section>
            <Stack gap={8} mt="md">
              <Skeleton h={20} w="70%" />
              <Skeleton h={14} w="55%" />
              <Skeleton h={14} w="40%" />
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
