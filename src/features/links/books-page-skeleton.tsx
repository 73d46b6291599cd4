import { Group, Paper, Skeleton, Stack } from '@mantine/core';

/** Shown while the first page of links loads. */
export function BooksPageSkeleton() {
  return (
    <Stack gap="md" role="status" aria-label="Loading your links">
      <Group justify="space-between">
        <Skeleton h={28} w={160} />
        <Skeleton h={20} w={80} />
      </Group>
      {/* The search, order, retailer and view controls. */}
      <Skeleton h={58} />
      {[0, 1, 2, 3].map((row) => (
        <Paper key={row} withBorder p="md" radius="md">
          <Group wrap="nowrap" align="flex-start">
            <Skeleton w={56} h={84} radius="sm" />
            <Stack gap={8} flex={1}>
              <Skeleton h={18} w="60%" />
              <Skeleton h={14} w="35%" />
              <Skeleton h={14} w="45%" />
              <Skeleton h={14} w="70%" />
            </Stack>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
