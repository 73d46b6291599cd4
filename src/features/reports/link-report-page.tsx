import '@/components/on-demand-mantine-styles';
import '@mantine/charts/styles.css';
import '@mantine/dates/styles.css';
import { AreaChart, BarChart, DonutChart } from '@mantine/charts';
import {
  Container,
  Button,
  CopyButton,
  EmptyState,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import {
  IconArrowLeft,
  IconCalendar,
  IconChartBar,
  IconCheck,
  IconCopy,
} from '@tabler/icons-react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import dayjs from 'dayjs';
import { useDeferredValue, useId, useState, type ReactNode } from 'react';
import type { components } from '@/api/schema';
import { AnchorLink } from '@/components/anchor-link';
import { abbreviateNumber } from '@/lib/format-number';
import {
  clicksByCountryData,
  clicksByStoreData,
  clicksOverTimeData,
  reportSummary,
  topReferrerRows,
  type CountrySlice,
  type ReferrerRow,
} from './report-charts';
import { linkReportQueryOptions, reportQuery } from './reports-queries';

type LinkReport = components['schemas']['LinkReport'];

const route = getRouteApi('/_authenticated/links_/reports/$domain/$code');
const RANGE_FORMAT = 'MMM D, YYYY';

export function LinkReportPage() {
  const { domain, code } = route.useParams();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const { data: report } = useSuspenseQuery(
    linkReportQueryOptions(reportQuery({ domain, code }, search)),
  );
  const hasCustomRange = Boolean(search.from ?? search.to);
  const shortLink = `${domain}/${code}`;

  const showRange = (from: string, to: string) => void navigate({ search: { from, to } });
  const showDefaultRange = () => void navigate({ search: {} });

  return (
    <Container size="lg" py="lg">
      <Stack gap="lg">
        <AnchorLink to="/links/books" size="sm">
          <Group gap={4} component="span">
            <IconArrowLeft size={14} aria-hidden="true" />
            All book links
          </Group>
        </AnchorLink>

        <Group justify="space-between" align="flex-end" gap="md">
          <Stack gap={2}>
            <Title order={1}>Report for {shortLink}</Title>
            <Text c="dimmed">
              Clicks from {dayjs(report.from).format(RANGE_FORMAT)} to{' '}
              {dayjs(report.to).format(RANGE_FORMAT)}
            </Text>
          </Stack>
          <Group align="flex-end" gap="xs">
            <DateRangeFilter
              key={`${report.from}/${report.to}`}
              from={report.from}
              to={report.to}
              onChange={showRange}
            />
            {hasCustomRange && (
              <Button variant="subtle" onClick={showDefaultRange}>
                Last 30 days
              </Button>
            )}
          </Group>
        </Group>

        {report.totalClicks === 0 ? (
          <NoClicks
            shortLink={shortLink}
            hasCustomRange={hasCustomRange}
            onShowDefaultRange={showDefaultRange}
          />
        ) : (
          <ReportCharts report={report} />
        )}
      </Stack>
    </Container>
  );
}

function DateRangeFilter({
  from,
  to,
  onChange,
}: {
  from: string;
  to: string;
  onChange: (from: string, to: string) => void;
}) {
  const [range, setRange] = useState<[string | null, string | null]>([from, to]);
  return (
    <DatePickerInput
      type="range"
      label="Dates"
      value={range}
      onChange={(next) => {
        setRange(next);
        const [start, end] = next;
        if (start && end) onChange(start, end);
      }}
      valueFormat={RANGE_FORMAT}
      maxDate={dayjs().format('YYYY-MM-DD')}
      nextLabel="Next month"
      previousLabel="Previous month"
      leftSection={<IconCalendar size={16} aria-hidden="true" />}
      miw={260}
    />
  );
}

function ReportCharts({ report }: { report: LinkReport }) {
  const days = clicksOverTimeData(report);
  const stores = clicksByStoreData(report.byRetailer);
  const countries = clicksByCountryData(report.byCountry);
  const referrers = topReferrerRows(report.byReferrer, report.totalClicks);
  const summary = reportSummary(days, stores);

  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
        <Stat
          label="Total clicks"
          value={abbreviateNumber(report.totalClicks)}
          detail={`${report.totalClicks.toLocaleString('en')} clicks`}
        />
        <Stat label="A day on average" value={abbreviateNumber(summary.dailyAverage)} />
        <Stat
          label="Busiest day"
          value={summary.busiestDay?.date ?? '–'}
          detail={summary.busiestDay && `${abbreviateNumber(summary.busiestDay.clicks)} clicks`}
        />
        <Stat
          label="Top store"
          value={summary.topStore?.store ?? '–'}
          detail={summary.topStore && `${abbreviateNumber(summary.topStore.clicks)} clicks`}
        />
      </SimpleGrid>
      <UncountedVisits excluded={report.excludedClicks} />

      <ReportSection title="Clicks over time">
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
      </ReportSection>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <ReportSection title="By store">
          {stores.length === 0 ? (
            <NoBreakdown />
          ) : (
            <DeferredChart height={storeChartHeight(stores.length)}>
              <BarChart
                h={storeChartHeight(stores.length)}
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
          )}
        </ReportSection>
        <ReportSection title="By country">
          {countries.length === 0 ? <NoBreakdown /> : <CountryBreakdown countries={countries} />}
        </ReportSection>
      </SimpleGrid>

      <ReportSection title="Top referrers">
        {referrers.length === 0 ? <NoBreakdown /> : <ReferrerTable rows={referrers} />}
      </ReportSection>
    </Stack>
  );
}

/** What the report left out, so the author can see bots and repeats were recorded, not lost. */
function UncountedVisits({ excluded }: { excluded: LinkReport['excludedClicks'] }) {
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

function storeChartHeight(storeCount: number): number {
  return Math.max(160, storeCount * 40 + 40);
}

/**
 * Drawing the charts' SVG takes longer than the rest of the report together, so they draw in a
 * render of their own, after the title, dates and figures are on screen; a placeholder of the
 * same size holds their place, so nothing moves when they appear.
 */
function DeferredChart({
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

function Stat({
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

function ReportSection({ title, children }: { title: string; children: ReactNode }) {
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

function NoBreakdown() {
  return <Text c="dimmed">Not enough clicks in these dates to break down.</Text>;
}

function CountryBreakdown({ countries }: { countries: CountrySlice[] }) {
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

function ReferrerTable({ rows }: { rows: ReferrerRow[] }) {
  return (
    <Table.ScrollContainer minWidth={280}>
      <Table verticalSpacing="xs" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Referrer</Table.Th>
            <Table.Th ta="right">Clicks</Table.Th>
            <Table.Th ta="right">Share</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.referrer}>
              <Table.Td>{row.referrer}</Table.Td>
              <Table.Td ta="right" title={row.clicks.toLocaleString('en')}>
                {abbreviateNumber(row.clicks)}
              </Table.Td>
              <Table.Td ta="right">{row.share}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function NoClicks({
  shortLink,
  hasCustomRange,
  onShowDefaultRange,
}: {
  shortLink: string;
  hasCustomRange: boolean;
  onShowDefaultRange: () => void;
}) {
  const url = `https://${shortLink}`;
  return (
    <Paper withBorder radius="md" py="xl" px="md">
      <EmptyState>
        <EmptyState.Indicator>
          <IconChartBar aria-hidden="true" />
        </EmptyState.Indicator>
        <EmptyState.Title order={2}>
          {hasCustomRange ? 'No clicks in these dates' : 'No clicks yet'}
        </EmptyState.Title>
        <EmptyState.Description>
          {hasCustomRange
            ? 'Nobody opened this link between those days. Try a wider range.'
            : 'No clicks yet — share your link in your newsletter, on social media or at the back of your book, and readers’ clicks will show up here.'}
        </EmptyState.Description>
        <EmptyState.Actions>
          {hasCustomRange ? (
            <Button onClick={onShowDefaultRange}>Show the last 30 days</Button>
          ) : (
            <CopyButton value={url}>
              {({ copied, copy }) => (
                <Button
                  onClick={copy}
                  color={copied ? 'teal' : undefined}
                  leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                >
                  {copied ? 'Copied' : `Copy ${shortLink}`}
                </Button>
              )}
            </CopyButton>
          )}
        </EmptyState.Actions>
      </EmptyState>
    </Paper>
  );
}
