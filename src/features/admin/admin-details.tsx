import { Text } from '@mantine/core';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';

export function formatTime(value: string): string {
  return dayjs(value).format('D MMM YYYY, HH:mm');
}

/** One labelled fact on an admin card: "Links 23", "Reported 21 Nov 2026, 09:14". */
export function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text component="div" fw={500} mt={2} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}
