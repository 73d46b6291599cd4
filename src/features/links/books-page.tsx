import { Button, Center, EmptyState, Group, Pagination, Stack, Text, Title } from '@mantine/core';
import { IconBook2, IconPlus } from '@tabler/icons-react';
import { useSuspenseQueries } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import { useModuleOnDemand } from '@/lib/later/use-module-on-demand';
import { LinkCard } from './link-card';
import { linkDialogs } from './link-dialogs-later';
import { linkCountLabel, linksPageQuery, pageCount } from './link-display';
import type { AuthorLink } from './link-types';
import { LINKS_PAGE_SIZE, linksCountQueryOptions, linksListQueryOptions } from './links-queries';
import { useCardsDrawn } from './use-cards-drawn';

const route = getRouteApi('/_authenticated/links/books');

/**
 * Cards drawn with the page: five fill the list's part of a tall phone screen or of a laptop's.
 * The rest of the page's cards, below the fold, follow a few at a time, so opening the page does
 * not wait for all twenty.
 */
const CARDS_IN_FIRST_RENDER = 5;
const CARDS_PER_LATER_RENDER = 3;

type LinkDialog = 'destination' | 'collection';

export function BooksPage() {
  const { page } = route.useSearch();
  const navigate = route.useNavigate();
  const [{ data: list }, { data: count }] = useSuspenseQueries({
    queries: [linksListQueryOptions(linksPageQuery(page)), linksCountQueryOptions()],
  });
  const cardsDrawn = useCardsDrawn(
    list.results.length,
    CARDS_IN_FIRST_RENDER,
    CARDS_PER_LATER_RENDER,
  );
  const [dialog, setDialog] = useState<LinkDialog>();
  const [target, setTarget] = useState<AuthorLink>();
  const { loaded: dialogs, request: requestDialogs } = useModuleOnDemand(linkDialogs.load);

  // The same handlers on every render, so drawing more cards leaves the drawn ones alone.
  const open = useCallback(
    (kind: LinkDialog, link: AuthorLink) => {
      requestDialogs(() => {
        setTarget(link);
        setDialog(kind);
      });
    },
    [requestDialogs],
  );
  const changeDestination = useCallback(
    (link: AuthorLink) => {
      open('destination', link);
    },
    [open],
  );
  const addToCollection = useCallback(
    (link: AuthorLink) => {
      open('collection', link);
    },
    [open],
  );
  const close = () => {
    setDialog(undefined);
  };

  if (list.page.total === 0) return <NoLinksYet />;

  const pages = pageCount(list.page.total, LINKS_PAGE_SIZE);
  const first = list.page.skip + 1;
  const last = list.page.skip + list.results.length;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="baseline">
        <Title order={2} fz="h3">
          Book links
        </Title>
        <Text c="dimmed" aria-live="polite">
          {linkCountLabel(count.count)}
        </Text>
      </Group>

      {list.results.length === 0 ? (
        <Stack align="flex-start">
          <Text>There are no links on page {page}.</Text>
          <Button variant="default" onClick={() => void navigate({ search: { page: 1 } })}>
            Go to the first page
          </Button>
        </Stack>
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {list.results.slice(0, cardsDrawn).map((link) => (
            <LinkCard
              key={link.id}
              link={link}
              onChangeDestination={changeDestination}
              onAddToCollection={addToCollection}
            />
          ))}
        </Stack>
      )}

      {pages > 1 && (
        <Stack align="center" gap="xs" mt="sm">
          <Pagination
            total={pages}
            value={Math.min(page, pages)}
            onChange={(next) => void navigate({ search: { page: next } })}
            getControlProps={(control) => ({ 'aria-label': `${control} page` })}
            getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
          />
          {list.results.length > 0 && (
            <Text size="sm" c="dimmed">
              Showing {first}–{last} of {list.page.total}
            </Text>
          )}
        </Stack>
      )}

      {/* Mounted from the first use on, so a dialog closes with its transition. */}
      {dialogs && target && (
        <>
          <dialogs.EditDestinationModal
            link={target}
            opened={dialog === 'destination'}
            onClose={close}
          />
          <dialogs.AddToCollectionModal
            link={target}
            opened={dialog === 'collection'}
            onClose={close}
          />
        </>
      )}
    </Stack>
  );
}

function NoLinksYet() {
  return (
    <Center py="xl">
      <EmptyState>
        <EmptyState.Indicator>
          <IconBook2 aria-hidden="true" />
        </EmptyState.Indicator>
        <EmptyState.Title order={2}>No links yet</EmptyState.Title>
        <EmptyState.Description>
          Paste a retailer page or an ISBN and Shelflink gives you a short link that sends readers
          to your book. Your links and their clicks will show up here.
        </EmptyState.Description>
        <EmptyState.Actions>
          <Button component={Link} to="/" leftSection={<IconPlus size={16} />}>
            Create your first link
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    </Center>
  );
}
