// The report's tables: clicks and their share by referrer or by book (or, without any, a line
// that says so).
import { Group, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { BookCover } from '@/components/book-cover';
import { abbreviateNumber } from '@/lib/format-number';
import type { BookRow, ReferrerRow } from './report-charts';
import { NoBreakdown } from './report-parts';
import classes from './report-parts.module.css';

/** A table's numbers: never wrapped, so they line up; the text column wraps instead. */
function CountCells({ clicks, share }: { clicks: number; share: string }) {
  return (
    <>
      <Table.Td ta="right" className={classes.count} title={clicks.toLocaleString('en')}>
        {abbreviateNumber(clicks)}
      </Table.Td>
      <Table.Td ta="right" className={classes.count}>
        {share}
      </Table.Td>
    </>
  );
}

/** A table of clicks and their share, one row per what `label` names (a referrer, a book). */
function CountTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Table.ScrollContainer minWidth={240} className={classes.tableScroll}>
      <Table verticalSpacing="xs" highlightOnHover layout="fixed">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{label}</Table.Th>
            <Table.Th ta="right" w={72}>
              Clicks
            </Table.Th>
            <Table.Th ta="right" w={64}>
              Share
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function ReferrerTable({ rows }: { rows: ReferrerRow[] }) {
  if (rows.length === 0) return <NoBreakdown />;
  return (
    <CountTable label="Referrer">
      {rows.map((row) => (
        <Table.Tr key={row.referrer}>
          <Table.Td className={classes.wrapping}>{row.referrer}</Table.Td>
          <CountCells clicks={row.clicks} share={row.share} />
        </Table.Tr>
      ))}
    </CountTable>
  );
}

/** A collection's books with their clicks, each beside its cover. */
export function BookTable({ rows }: { rows: BookRow[] }) {
  if (rows.length === 0) return <NoBreakdown />;
  return (
    <CountTable label="Book">
      {rows.map((row) => (
        <Table.Tr key={row.linkId}>
          <Table.Td>
            <Group gap="sm" wrap="nowrap">
              <BookCover src={row.coverImageUrl} title={row.title} author={row.author} width={32} />
              <Stack gap={0} className={classes.wrapping}>
                <Text size="sm" fw={500}>
                  {row.title}
                </Text>
                <Text size="xs" c="dimmed">
                  {row.shortLink}
                </Text>
              </Stack>
            </Group>
          </Table.Td>
          <CountCells clicks={row.clicks} share={row.share} />
        </Table.Tr>
      ))}
    </CountTable>
  );
}
