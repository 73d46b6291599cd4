import { Group, Paper, SimpleGrid, Skeleton, Stack } from '@mantine/core';

/** Shown while a link's report loads. */
export function LinkReportSkeleton() {
  return (
    <div>
      <Stack gap="lg" role="status" aria-label="Loading the report">
        <Skeleton h={14} w={120} />
        <Group justify="space-between" align="flex-end">
          <Stack gap={6}>
            <Skeleton h={30} w={300} />
            <Skeleton h={16} w={200} />
          </Stack>
          <Skeleton h={36} w={260} />
        </Group>
        <SimpleGrid cols={{ base: 2, md: 4 }}>
          {[0, 1, 2, 3].map((stat) => (
            <Paper key={stat} withBorder p="md" radius="md">
              <Skeleton h={14} w="60%" mb={8} />
              <Skeleton h={24} w="40%" />
            </Paper>
          ))}
        </SimpleGrid>
        <Paper withBorder p="md" radius="md">
          <Skeleton h={18} w={140} mb="md" />
          <Skeleton h={260} />
        </Paper>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Skeleton h={240} radius="md" />
          <Skeleton h={240} radius="md" />
        </SimpleGrid>
      </Stack>
    </div>
  );
}
