import '@/components/on-demand-mantine-styles';
import { Button, EmptyState, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconChartBar } from '@tabler/icons-react';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import dayjs from 'dayjs';
import type { components } from '@/api/schema';
import { AnchorLink } from '@/components/anchor-link';
import { abbreviateNumber } from '@/lib/format-number';
import {
  clicksByBookRows,
  clicksByCountryData,
  clicksByStoreData,
  clicksOverTimeData,
  reportSummary,
  type BookRow,
} from './report-charts';
import {
  BookTable,
  ClicksOverTimeChart,
  CountryBreakdown,
  NoBreakdown,
  ReportSection,
  ReportStats,
  Stat,
  StoreChart,
} from './report-parts';
import { DateRangeFilter, RANGE_FORMAT } from './report-range-filter';
import {
  collectionQueryOptions,
  collectionReportQueryOptions,
  reportLinksQueryOptions,
} from './reports-queries';

type CollectionReport = components['schemas']['CollectionReport'];

const route = getRouteApi('/_authenticated/links_/collections/$id/report');

export function CollectionReportPage() {
  const { id } = route.useParams();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const { data: collection } = useSuspenseQuery(collectionQueryOptions(id));
  const { data: report } = useSuspenseQuery(collectionReportQueryOptions(id, search));
  // The loader fetched them; a failure here costs the book names, not the report.
  const links = useQuery({
    ...reportLinksQueryOptions(collection.linkIds),
    enabled: collection.linkIds.length > 0,
  });
  const books = clicksByBookRows(report.byLink, links.data?.results ?? [], report.totalClicks);
  const hasCustomRange = Boolean(search.from ?? search.to);
  const showDefaultRange = () => void navigate({ search: {} });

  return (
    <div>
      <Stack gap="lg">
        <AnchorLink to="/links/collections" size="sm">
          <Group gap={4} component="span">
            <IconArrowLeft size={14} aria-hidden="true" />
            All collections
          </Group>
        </AnchorLink>

        <Group justify="space-between" align="flex-end" gap="md">
          <Stack gap={2}>
            <Title order={1}>Report for {collection.title}</Title>
            <Text c="dimmed">
              Clicks on its {collection.linkIds.length === 1 ? 'link' : 'links'} from{' '}
              {dayjs(report.from).format(RANGE_FORMAT)} to {dayjs(report.to).format(RANGE_FORMAT)}
            </Text>
          </Stack>
          <Group align="flex-end" gap="xs">
            <DateRangeFilter
              key={`${report.from}/${report.to}`}
              from={report.from}
              to={report.to}
              onChange={(from, to) => void navigate({ search: { from, to } })}
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
            hasLinks={collection.linkIds.length > 0}
            hasCustomRange={hasCustomRange}
            onShowDefaultRange={showDefaultRange}
          />
        ) : (
          <ReportCharts report={report} books={books} />
        )}
      </Stack>
    </div>
  );
}

function ReportCharts({ report, books }: { report: CollectionReport; books: BookRow[] }) {
  const days = clicksOverTimeData(report);
  const stores = clicksByStoreData(report.byRetailer);
  const countries = clicksByCountryData(report.byCountry);
  const summary = reportSummary(days, stores);
  const topBook = books[0];

  return (
    <Stack gap="lg">
      <ReportStats totalClicks={report.totalClicks} summary={summary}>
        <Stat
          label="Top book"
          value={topBook?.title ?? '–'}
          detail={topBook && `${abbreviateNumber(topBook.clicks)} clicks`}
        />
      </ReportStats>

      <ReportSection title="Clicks over time">
        <ClicksOverTimeChart days={days} />
      </ReportSection>

      <ReportSection title="By book">
        {books.length === 0 ? <NoBreakdown /> : <BookTable rows={books} />}
      </ReportSection>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <ReportSection title="By store">
          <StoreChart stores={stores} />
        </ReportSection>
        <ReportSection title="By country">
          {countries.length === 0 ? <NoBreakdown /> : <CountryBreakdown countries={countries} />}
        </ReportSection>
      </SimpleGrid>
    </Stack>
  );
}

function NoClicks({
  hasLinks,
  hasCustomRange,
  onShowDefaultRange,
}: {
  hasLinks: boolean;
  hasCustomRange: boolean;
  onShowDefaultRange: () => void;
}) {
  let description =
    'No clicks yet — share the collection’s link in your newsletter, on social media or at the back of your book, and readers’ clicks on its books will show up here.';
  if (hasCustomRange) {
    description = 'Nobody opened a link of this collection between those days. Try a wider range.';
  } else if (!hasLinks) {
    description =
      'This collection holds no links yet. Add some, and readers’ clicks will show up here.';
  }
  return (
    <Paper withBorder radius="md" py="xl" px="md">
      <EmptyState>
        <EmptyState.Indicator>
          <IconChartBar aria-hidden="true" />
        </EmptyState.Indicator>
        <EmptyState.Title order={2}>
          {hasCustomRange ? 'No clicks in these dates' : 'No clicks yet'}
        </EmptyState.Title>
        <EmptyState.Description>{description}</EmptyState.Description>
        {(hasCustomRange || !hasLinks) && (
          <EmptyState.Actions>
            {hasCustomRange ? (
              <Button onClick={onShowDefaultRange}>Show the last 30 days</Button>
            ) : (
              <Button component={AnchorLink} to="/links/collections">
                Go to your collections
              </Button>
            )}
          </EmptyState.Actions>
        )}
      </EmptyState>
    </Paper>
  );
}
