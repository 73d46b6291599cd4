import { Group, Image, Pagination, Stack, Table, Text } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { AnchorLink } from '@/components/anchor-link';
import { abbreviateNumber } from '@/lib/format-number';
import { LINKS_PAGE_SIZE, linksListQueryOptions } from './links-queries';

const route = getRouteApi('/_authenticated/links/books');
const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium' });

export function BooksPage() {
  const { page } = route.useSearch();
  const navigate = route.useNavigate();
  const { data } = useSuspenseQuery(
    linksListQueryOptions({ skip: (page - 1) * LINKS_PAGE_SIZE, take: LINKS_PAGE_SIZE }),
  );
  const pageCount = Math.max(1, Math.ceil(data.page.total / LINKS_PAGE_SIZE));

  if (data.results.length === 0) {
    return <Text>You have no links yet. Create one from the home page.</Text>;
  }

  return (
    <Stack>
      <Table.ScrollContainer minWidth={720}>
        <Table verticalSpacing="sm" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Book</Table.Th>
              <Table.Th>Short link</Table.Th>
              <Table.Th ta="right">Clicks</Table.Th>
              <Table.Th>Created</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.results.map((link) => (
              <Table.Tr key={link.id}>
                <Table.Td>
                  <Group wrap="nowrap">
                    <Image src={link.coverImageUrl} alt="" w={36} h={54} fit="cover" radius="xs" />
                    <Stack gap={0}>
                      <Text fw={600}>{link.title || link.url}</Text>
                      <Text size="sm" c="dimmed">
                        {link.author} · {link.retailer}
                      </Text>
                    </Stack>
                  </Group>
                </Table.Td>
                <Table.Td>
                  <AnchorLink
                    to="/links/reports/$domain/$code"
                    params={{ domain: link.domain, code: link.code }}
                  >
                    {link.domain}/{link.code}
                  </AnchorLink>
                </Table.Td>
                <Table.Td ta="right">{abbreviateNumber(link.clickCount)}</Table.Td>
                <Table.Td>{dateFormat.format(new Date(link.createdAt))}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {pageCount > 1 && (
        <Pagination
          total={pageCount}
          value={page}
          onChange={(next) => void navigate({ search: { page: next } })}
          getControlProps={(control) => ({ 'aria-label': `${control} page` })}
        />
      )}
    </Stack>
  );
}
