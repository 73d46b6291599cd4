import { Container, Stack, Text, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { abbreviateNumber } from '@/lib/format-number';
import { linkReportQueryOptions } from './reports-queries';

const route = getRouteApi('/_authenticated/links/reports/$domain/$code');

export function LinkReportPage() {
  const { domain, code } = route.useParams();
  const { data: report } = useSuspenseQuery(linkReportQueryOptions({ baseCode: code }));
  return (
    <Container size="lg" py="lg">
      <Stack>
        <Title order={1}>
          Report for {domain}/{code}
        </Title>
        <Text>
          {abbreviateNumber(report.totalClicks)} clicks from {report.from} to {report.to}.
        </Text>
      </Stack>
    </Container>
  );
}
