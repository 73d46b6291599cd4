// The parts of a click report: figures, sections, the store and country breakdowns, and charts
// that draw after the rest of the report is on screen. Its tables are in report-tables.tsx.
import '@/components/on-demand-mantine-styles';
import '@mantine/charts/styles.css';
import { AreaChart, BarChart, DonutChart } from '@mantine/charts';
import { Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDeferredValue, useId, type ReactNode } from 'react';
import type { components } from '@/api/schema';
import { abbreviateNumber } from '@/lib/format-number';
import type { CountrySlice, DailyPoint, ReportSummary, StorePoint } from './report-charts';

type LinkReport = components['schemas']['LinkReport'];

/** What the report left out, so the author can see bots and repeats were recorded, not lost. */
export function UncountedVisits({ excluded }: { excluded: LinkReport['excludedClicks'] }) {
  if (excluded === undefined) return null;
  const parts = [
    [excluded.bots, 'from bots'],
    [excluded.prefetch, 'browser prefetches'],
    [excluded.head, 'link checks'],
    [excluded.repeats, 'repeat visits within the hour'],
  ] as const;
  const shown = parts.filter(([count]) => count > 0);
  if (shown.length === 0) return null;
  const list = shown.map(([count, what]) => `${count.toLocaleString('en')} ${what}`).join(', ');
  return (
    <Text size="sm" c="dimmed">
      Not counted as clicks: {list}. A click is a reader&apos;s first visit within an hour.
    </Text>
  );
}

const DONUT_SIZE = 180;

export function storeChartHeight(storeCount: number): number {
  return Math.max(160, storeCount * 40 + 40);
}

/**
 * Drawing the charts' SVG takes longer than the rest of the report together, so they draw in a
 * render of their own, after the title, dates and figures are on screen; a placeholder of the
 * same size holds their place, so nothing moves when they appear.
 */
export function DeferredChart({
  height,
  width,
  circle = false,
  children,
}: {
  height: number;
  width?: number;
  circle?: boolean;
  children: ReactNode;
}) {
  const draw = useDeferredValue(true, false);
  if (draw) return children;
  return <Skeleton h={height} w={width} circle={circle} aria-hidden="true" />;
}

export function Stat({
  label,
  value,
  detail,
}: {
  label: string;
  value: string;
  detail?: string | undefined;
}) {
  return (
    <Paper withBorder p="md" radius="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={{ base: 'lg', sm: 24 }} fw={700} lineClamp={1} title={detail}>
        {value}
      </Text>
      {detail && (
        <Text size="xs" c="dimmed">
          {detail}
        </Text>
      )}
    </Paper>
  );
}

/**
 * The report's headline figures: total clicks, the daily average and the busiest day, then the
 * report's own fourth figure (its top store, its top book).
 */
export function ReportStats({
  totalClicks,
  summary,
  children,
}: {
  totalClicks: number;
  summary: ReportSummary;
  children: ReactNode;
}) {
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
      <Stat
        label="Total clicks"
        value={abbreviateNumber(totalClicks)}
        detail={`${totalClicks.toLocaleString('en')} clicks`}
      />
      <Stat label="A day on average" value={abbreviateNumber(summary.dailyAverage)} />
      <Stat
        label="Busiest day"
        value={summary.busiestDay?.date ?? '–'}
        detail={summary.busiestDay && `${abbreviateNumber(summary.busiestDay.clicks)} clicks`}
      />
      {children}
    </SimpleGrid>
  );
}

export function ReportSection({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Paper component="section" withBorder p="md" radius="md" aria-labelledby={headingId}>
      <Title order={2} fz="md" mb="md" id={headingId}>
        {title}
      </Title>
      {children}
    </Paper>
  );
}

export function NoBreakdown() {
  return <Text c="dimmed">Not enough clicks in these dates to break down.</Text>;
}

export function CountryBreakdown({ countries }: { countries: CountrySlice[] }) {
  return (
    <Group align="center" justify="center" gap="xl">
      <DeferredChart height={DONUT_SIZE} width={DONUT_SIZE} circle>
        <DonutChart
          data={countries}
          size={DONUT_SIZE}
          thickness={28}
          valueFormatter={abbreviateNumber}
          tooltipDataSource="segment"
          accessibilityLayer
        />
      </DeferredChart>
      <Stack component="ul" gap={6} p={0} m={0} style={{ listStyle: 'none' }}>
        {countries.map((country) => (
          <Group component="li" key={country.name} gap="xs" wrap="nowrap">
            <span
              aria-hidden="true"
              style={{
                width: 10,
                height: 10,
                borderRadius: 2,
                flexShrink: 0,
                background: `var(--mantine-color-${country.color.replace('.', '-')})`,
              }}
            />
            <Text size="sm">
              {country.name}{' '}
              <Text span c="dimmed" size="sm">
                {abbreviateNumber(country.value)} · {country.share}
              </Text>
            </Text>
          </Group>
        ))}
      </Stack>
    </Group>
  );
}

export function ClicksOverTimeChart({ days }: { days: DailyPoint[] }) {
  return (
    <DeferredChart height={260}>
      <AreaChart
        h={260}
        data={days}
        dataKey="date"
        series={[{ name: 'clicks', label: 'Clicks', color: 'shelf.7' }]}
        curveType="monotone"
        withDots={false}
        valueFormatter={abbreviateNumber}
        gridAxis="y"
        tickLine="none"
        accessibilityLayer
      />
    </DeferredChart>
  );
}

export function StoreChart({ stores }: { stores: StorePoint[] }) {
  if (stores.length === 0) return <NoBreakdown />;
  const height = storeChartHeight(stores.length);
  return (
    <DeferredChart height={height}>
      <BarChart
        h={height}
        data={stores}
        dataKey="store"
        orientation="vertical"
        series={[{ name: 'clicks', label: 'Clicks', color: 'shelf.7' }]}
        valueFormatter={abbreviateNumber}
        yAxisProps={{ width: 140 }}
        gridAxis="x"
        tickLine="none"
        accessibilityLayer
      />
    </DeferredChart>
  );
}

/** The clicks by store and by country, side by side on a wide screen. */
export function StoreAndCountrySections({
  stores,
  countries,
}: {
  stores: StorePoint[];
  countries: CountrySlice[];
}) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <ReportSection title="By store">
        <StoreChart stores={stores} />
      </ReportSection>
      <ReportSection title="By country">
        {countries.length === 0 ? <NoBreakdown /> : <CountryBreakdown countries={countries} />}
      </ReportSection>
    </SimpleGrid>
  );
}
