import '@/components/on-demand-mantine-styles';
import { Button, Stack } from '@mantine/core';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import type { components } from '@/api/schema';
import { AnchorLink } from '@/components/anchor-link';
import { abbreviateNumber } from '@/lib/format-number';
import { clicksByBookRows, reportBreakdowns, type BookRow } from './report-charts';
import { NoClicksMessage, ReportPageFrame } from './report-page-frame';
import {
  ClicksOverTimeChart,
  ReportSection,
  ReportStats,
  Stat,
  StoreAndCountrySections,
} from './report-parts';
import { BookTable } from './report-tables';
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
    <ReportPageFrame
      back={{ to: '/links/collections', label: 'All collections' }}
      title={`Report for ${collection.title}`}
      counted={`Clicks on its ${collection.linkIds.length === 1 ? 'link' : 'links'}`}
      range={report}
      hasCustomRange={hasCustomRange}
      onRangeChange={(from, to) => void navigate({ search: { from, to } })}
      onShowDefaultRange={showDefaultRange}
    >
      {report.totalClicks === 0 ? (
        <NoClicks
          hasLinks={collection.linkIds.length > 0}
          hasCustomRange={hasCustomRange}
          onShowDefaultRange={showDefaultRange}
        />
      ) : (
        <ReportCharts report={report} books={books} />
      )}
    </ReportPageFrame>
  );
}

function ReportCharts({ report, books }: { report: CollectionReport; books: BookRow[] }) {
  const { days, stores, countries, summary } = reportBreakdowns(report);
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
        <BookTable rows={books} />
      </ReportSection>

      <StoreAndCountrySections stores={stores} countries={countries} />
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
    <NoClicksMessage
      hasCustomRange={hasCustomRange}
      onShowDefaultRange={onShowDefaultRange}
      description={description}
      action={
        hasLinks ? undefined : (
          <Button component={AnchorLink} to="/links/collections">
            Go to your collections
          </Button>
        )
      }
    />
  );
}
