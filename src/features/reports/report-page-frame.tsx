import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconChartBar } from '@tabler/icons-react';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { AnchorLink } from '@/components/anchor-link';
import { EmptyMessage } from '@/components/empty-message';
import { DateRangeFilter, RANGE_FORMAT } from './report-range-filter';

interface ReportPageFrameProps {
  /** The list the report's link or collection is in, which the way back leads to. */
  back: { to: '/links/books' | '/links/collections'; label: string };
  title: string;
  /** What the report counts, before its dates: "Clicks on its links". */
  counted: ReactNode;
  /** The report's first and last day. */
  range: { from: string; to: string };
  /** The dates were picked, rather than the last 30 days. */
  hasCustomRange: boolean;
  onRangeChange: (from: string, to: string) => void;
  onShowDefaultRange: () => void;
  /** Buttons after the date filter. */
  actions?: ReactNode;
  children: ReactNode;
}

/** A click report's page: the way back, its title and dates, the date filter, then the report. */
export function ReportPageFrame({
  back,
  title,
  counted,
  range,
  hasCustomRange,
  onRangeChange,
  onShowDefaultRange,
  actions,
  children,
}: ReportPageFrameProps) {
  return (
    <div>
      <Stack gap="lg">
        <AnchorLink to={back.to} size="sm">
          <Group gap={4} component="span">
            <IconArrowLeft size={14} aria-hidden="true" />
            {back.label}
          </Group>
        </AnchorLink>

        <Group justify="space-between" align="flex-end" gap="md">
          <Stack gap={2}>
            <Title order={1}>{title}</Title>
            <Text c="dimmed">
              {counted} from {dayjs(range.from).format(RANGE_FORMAT)} to{' '}
              {dayjs(range.to).format(RANGE_FORMAT)}
            </Text>
          </Stack>
          <Group align="flex-end" gap="xs">
            <DateRangeFilter
              key={`${range.from}/${range.to}`}
              from={range.from}
              to={range.to}
              onChange={onRangeChange}
            />
            {hasCustomRange && (
              <Button variant="subtle" onClick={onShowDefaultRange}>
                Last 30 days
              </Button>
            )}
            {actions}
          </Group>
        </Group>

        {children}
      </Stack>
    </div>
  );
}

/**
 * Stands in for the charts when nobody clicked in the report's dates: with picked dates, it
 * offers the last 30 days again; otherwise `action`, if any.
 */
export function NoClicksMessage({
  hasCustomRange,
  onShowDefaultRange,
  description,
  action,
}: {
  hasCustomRange: boolean;
  onShowDefaultRange: () => void;
  description: string;
  action?: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" py="xl" px="md">
      <EmptyMessage
        icon={IconChartBar}
        title={hasCustomRange ? 'No clicks in these dates' : 'No clicks yet'}
        description={description}
        actions={
          hasCustomRange ? (
            <Button onClick={onShowDefaultRange}>Show the last 30 days</Button>
          ) : (
            action
          )
        }
      />
    </Paper>
  );
}
