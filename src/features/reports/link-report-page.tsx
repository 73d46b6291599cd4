import '@/components/on-demand-mantine-styles';
import '@mantine/charts/styles.css';
import { Button, CopyButton, Stack } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import type { components } from '@/api/schema';
import { QrCodeButton } from '@/components/qr-code/qr-code-button';
import { abbreviateNumber } from '@/lib/format-number';
import { shortLinkLabel } from '@/lib/short-link';
import { reportBreakdowns, topReferrerRows } from './report-charts';
import { NoClicksMessage, ReportPageFrame } from './report-page-frame';
import {
  ClicksOverTimeChart,
  ReportSection,
  ReportStats,
  Stat,
  StoreAndCountrySections,
  UncountedVisits,
} from './report-parts';
import { ReferrerTable } from './report-tables';
import {
  linkReportQueryOptions,
  reportQuery,
  shortLinkMetadataQueryOptions,
} from './reports-queries';

type LinkReport = components['schemas']['LinkReport'];

const route = getRouteApi('/_authenticated/links_/reports/$domain/$code');

export function LinkReportPage() {
  const { domain, code } = route.useParams();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const { data: report } = useSuspenseQuery(
    linkReportQueryOptions(reportQuery({ domain, code }, search)),
  );
  const hasCustomRange = Boolean(search.from ?? search.to);
  const shortLink = shortLinkLabel(report);
  // The cover the QR code may carry is asked for only once its dialog is.
  const [qrCodeWanted, setQrCodeWanted] = useState(false);
  const { data: metadata } = useQuery({
    ...shortLinkMetadataQueryOptions({ domain, code }),
    enabled: qrCodeWanted,
  });

  const showRange = (from: string, to: string) => void navigate({ search: { from, to } });
  const showDefaultRange = () => void navigate({ search: {} });

  return (
    <ReportPageFrame
      back={{ to: '/links/books', label: 'All book links' }}
      title={`Report for ${shortLink}`}
      counted="Clicks"
      range={report}
      hasCustomRange={hasCustomRange}
      onRangeChange={showRange}
      onShowDefaultRange={showDefaultRange}
      actions={
        <QrCodeButton
          variant="default"
          link={{
            shortUrl: report.shortUrl,
            code,
            label: shortLink,
            coverUrl: metadata?.coverImageUrl,
          }}
          onOpen={() => {
            setQrCodeWanted(true);
          }}
        >
          QR code
        </QrCodeButton>
      }
    >
      {report.totalClicks === 0 ? (
        <NoClicks
          shortUrl={report.shortUrl}
          hasCustomRange={hasCustomRange}
          onShowDefaultRange={showDefaultRange}
        />
      ) : (
        <ReportCharts report={report} />
      )}
    </ReportPageFrame>
  );
}

function ReportCharts({ report }: { report: LinkReport }) {
  const { days, stores, countries, summary } = reportBreakdowns(report);
  const referrers = topReferrerRows(report.byReferrer, report.totalClicks);

  return (
    <Stack gap="lg">
      <ReportStats totalClicks={report.totalClicks} summary={summary}>
        <Stat
          label="Top store"
          value={summary.topStore?.store ?? '–'}
          detail={summary.topStore && `${abbreviateNumber(summary.topStore.clicks)} clicks`}
        />
      </ReportStats>
      <UncountedVisits excluded={report.excludedClicks} />

      <ReportSection title="Clicks over time">
        <ClicksOverTimeChart days={days} />
      </ReportSection>

      <StoreAndCountrySections stores={stores} countries={countries} />

      <ReportSection title="Top referrers">
        <ReferrerTable rows={referrers} />
      </ReportSection>
    </Stack>
  );
}

function NoClicks({
  shortUrl,
  hasCustomRange,
  onShowDefaultRange,
}: {
  shortUrl: string;
  hasCustomRange: boolean;
  onShowDefaultRange: () => void;
}) {
  return (
    <NoClicksMessage
      hasCustomRange={hasCustomRange}
      onShowDefaultRange={onShowDefaultRange}
      description={
        hasCustomRange
          ? 'Nobody opened this link between those days. Try a wider range.'
          : 'No clicks yet — share your link in your newsletter, on social media or at the back of your book, and readers’ clicks will show up here.'
      }
      action={
        <CopyButton value={shortUrl}>
          {({ copied, copy }) => (
            <Button
              onClick={copy}
              color={copied ? 'teal' : undefined}
              leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
            >
              {copied ? 'Copied' : `Copy ${shortLinkLabel({ shortUrl })}`}
            </Button>
          )}
        </CopyButton>
      }
    />
  );
}
