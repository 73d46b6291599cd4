import '@/components/on-demand-mantine-styles';
import '@mantine/charts/styles.css';
import {
  Button,
  CopyButton,
  EmptyState,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconChartBar, IconCheck, IconCopy } from '@tabler/icons-react';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import dayjs from 'dayjs';
import { useState } from 'react';
import type { components } from '@/api/schema';
import { AnchorLink } from '@/components/anchor-link';
import { QrCodeButton } from '@/components/qr-code/qr-code-button';
import { abbreviateNumber } from '@/lib/format-number';
import {
  clicksByCountryData,
  clicksByStoreData,
  clicksOverTimeData,
  reportSummary,
  topReferrerRows,
} from './report-charts';
import {
  ClicksOverTimeChart,
  CountryBreakdown,
  NoBreakdown,
  ReferrerTable,
  ReportSection,
  ReportStats,
  Stat,
  StoreChart,
  UncountedVisits,
} from './report-parts';
import { DateRangeFilter, RANGE_FORMAT } from './report-range-filter';
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
  const shortLink = `${domain}/${code}`;
  // The cover the QR code may carry is asked for only once its dialog is.
  const [qrCodeWanted, setQrCodeWanted] = useState(false);
  const { data: metadata } = useQuery({
    ...shortLinkMetadataQueryOptions({ domain, code }),
    enabled: qrCodeWanted,
  });

  const showRange = (from: string, to: string) => void navigate({ search: { from, to } });
  const showDefaultRange = () => void navigate({ search: {} });

  return (
    <div>
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
            <QrCodeButton
              variant="default"
              link={{
                shortUrl: `https://${shortLink}`,
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
    </div>
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

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <ReportSection title="By store">
          <StoreChart stores={stores} />
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
