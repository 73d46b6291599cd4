import { Alert, List, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCopy } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { $api } from '@/api/query-client';
import { AnchorLink } from '@/components/anchor-link';
import { shortLinkLabel } from '@/lib/short-link';

/** Long enough that a store choice flicked back and forth asks once. */
const MATCH_DEBOUNCE_MS = 300;

interface DuplicateLinkWarningProps {
  /** The address the new link would lead to; empty while it is not known. */
  destinationUrl: string | undefined;
  allStores: boolean;
}

/**
 * "You already have a link to this": the signed-in author's links with the same destination and
 * store mode, each linking to its report, so a duplicate is made knowingly. Says nothing when the
 * check fails: it is advice, and creating the link still works.
 */
export function DuplicateLinkWarning({ destinationUrl, allStores }: DuplicateLinkWarningProps) {
  const [asked] = useDebouncedValue({ url: destinationUrl ?? '', allStores }, MATCH_DEBOUNCE_MS);
  const { data } = useQuery({
    ...$api.queryOptions('get', '/v1/links/matching', {
      params: { query: { url: asked.url, ...(asked.allStores && { allStores: true }) } },
    }),
    enabled: asked.url !== '',
    retry: false,
  });
  const settled = asked.url === (destinationUrl ?? '') && asked.allStores === allStores;
  const matches = settled ? (data?.results ?? []) : [];
  if (matches.length === 0) return null;
  return (
    <Alert
      color="yellow"
      icon={<IconCopy size={18} aria-hidden="true" />}
      title={
        matches.length === 1
          ? 'You already have a link to this'
          : `You already have ${matches.length} links to this`
      }
    >
      <List size="sm" spacing={4}>
        {matches.map((link) => (
          <List.Item key={link.id}>
            <AnchorLink
              to="/links/reports/$domain/$code"
              params={{ domain: link.domain, code: link.code }}
              size="sm"
            >
              {shortLinkLabel(link)}
            </AnchorLink>
            {link.archived ? ' (archived)' : ''}
          </List.Item>
        ))}
      </List>
      <Text size="sm" mt="xs">
        {allStores
          ? 'It opens the every-store page of the same book.'
          : 'It sends readers to the same page.'}{' '}
        You can still create another.
      </Text>
    </Alert>
  );
}
