import { Button, Center, Group, Pagination, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBook2, IconPlus } from '@tabler/icons-react';
import { useQueryClient, useSuspenseQueries } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useCallback, useDeferredValue, useState } from 'react';
import { splitFormFailure } from '@/api/form-failure';
import { $api } from '@/api/query-client';
import { ButtonLink } from '@/components/button-link';
import { EmptyMessage } from '@/components/empty-message';
import { useModuleOnDemand } from '@/lib/later/use-module-on-demand';
import { FIRST_PAGE } from '@/lib/paging-search';
import { shortLinkLabel } from '@/lib/short-link';
import { BooksToolbar } from './books-toolbar';
import { isNarrowed, linksListQuery, noMatchMessage, type BooksSearch } from './books-search';
import { useBooksView } from './books-view';
import { LinkCard } from './link-card';
import { linkDialogs } from './link-dialogs-later';
import { linkCountLabel, pageCount } from './link-display';
import { LinkList } from './link-list';
import type { AuthorLink } from './link-types';
import { LINKS_PAGE_SIZE, linksCountQueryOptions, linksListQueryOptions } from './links-queries';
import { useCardsDrawn } from './use-cards-drawn';

const route = getRouteApi('/_authenticated/links/books');

/**
 * Cards drawn with the page: five fill the list's part of a tall phone screen or of a laptop's.
 * The rest of the page's cards, below the fold, follow a few at a time, so opening the page does
 * not wait for all twenty. (A row of the list is a third of a card's height.)
 */
const CARDS_IN_FIRST_RENDER = 5;
const CARDS_PER_LATER_RENDER = 3;
const ROWS_PER_CARD = 3;

const noClicks: readonly number[] = [];

type LinkDialog = 'edit' | 'collection' | 'delete';

export function BooksPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  // While the links of a new search load, the page keeps showing the last ones (and the search
  // box keeps its focus) rather than falling back to the loading skeleton.
  const shown = useDeferredValue(search);
  const [{ data: list }, { data: count }] = useSuspenseQueries({
    queries: [linksListQueryOptions(linksListQuery(shown)), linksCountQueryOptions(shown.archived)],
  });
  const [view, setView] = useBooksView();
  const perRender = view === 'list' ? ROWS_PER_CARD : 1;
  const linksDrawn = useCardsDrawn(
    list.results.length,
    CARDS_IN_FIRST_RENDER * perRender,
    CARDS_PER_LATER_RENDER * perRender,
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
  const edit = useCallback(
    (link: AuthorLink) => {
      open('edit', link);
    },
    [open],
  );
  const deleteLink = useCallback(
    (link: AuthorLink) => {
      open('delete', link);
    },
    [open],
  );
  const changeArchived = useArchiveChange();
  const addToCollection = useCallback(
    (link: AuthorLink) => {
      open('collection', link);
    },
    [open],
  );
  const close = () => {
    setDialog(undefined);
  };

  /** A new search starts on the first page; typing replaces the address rather than adding one. */
  const changeSearch = (change: Partial<BooksSearch>, typing = false) => {
    void navigate({
      search: (previous) => ({ ...previous, page: FIRST_PAGE, ...change }),
      replace: typing,
    });
  };

  const narrowed = isNarrowed(shown);
  if (!shown.archived && list.page.total === 0 && (count.count === 0 || !narrowed)) {
    return <NoLinksYet />;
  }
  const countLabel = `${shown.archived ? 'archived ' : ''}${linkCountLabel(count.count)}`;

  const pages = pageCount(list.page.total, LINKS_PAGE_SIZE);
  const first = list.page.skip + 1;
  const last = list.page.skip + list.results.length;
  const drawn = list.results.slice(0, linksDrawn);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="baseline">
        <Title order={2} fz="h3">
          {shown.archived ? 'Archived book links' : 'Book links'}
        </Title>
        <Text c="dimmed" aria-live="polite">
          {narrowed ? `${list.page.total.toLocaleString('en')} of ${countLabel}` : countLabel}
        </Text>
      </Group>

      <BooksToolbar
        search={search}
        onSearchChange={changeSearch}
        view={view}
        onViewChange={setView}
      />

      <div aria-busy={shown !== search} style={{ opacity: shown === search ? 1 : 0.7 }}>
        {list.page.total === 0 ? (
          <Stack align="flex-start">
            <Text>{noMatchMessage(shown)}</Text>
            <Button
              variant="default"
              onClick={() => {
                changeSearch(narrowed ? { q: '', retailer: '' } : { archived: false });
              }}
            >
              {narrowed ? 'Clear search' : 'Show links in use'}
            </Button>
          </Stack>
        ) : list.results.length === 0 ? (
          <Stack align="flex-start">
            <Text>There are no links on page {shown.page}.</Text>
            <Button
              variant="default"
              onClick={() => {
                changeSearch({});
              }}
            >
              Go to the first page
            </Button>
          </Stack>
        ) : view === 'list' ? (
          <LinkList
            links={drawn}
            recentClicks={list.recentClicks}
            onEdit={edit}
            onAddToCollection={addToCollection}
            onArchiveChange={changeArchived}
            onDelete={deleteLink}
          />
        ) : (
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
            {drawn.map((link) => (
              <LinkCard
                key={link.id}
                link={link}
                recentClicks={list.recentClicks[link.id] ?? noClicks}
                onEdit={edit}
                onAddToCollection={addToCollection}
                onArchiveChange={changeArchived}
                onDelete={deleteLink}
              />
            ))}
          </Stack>
        )}
      </div>

      {pages > 1 && (
        <Stack align="center" gap="xs" mt="sm">
          <Pagination
            total={pages}
            value={Math.min(shown.page, pages)}
            onChange={(next) => {
              changeSearch({ page: next });
            }}
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
          <dialogs.EditLinkModal link={target} opened={dialog === 'edit'} onClose={close} />
          <dialogs.DeleteLinkModal link={target} opened={dialog === 'delete'} onClose={close} />
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

/**
 * Archives a link, or brings an archived one back: it leaves the list it is in at once, and a
 * notification offers the way back.
 */
function useArchiveChange() {
  const queryClient = useQueryClient();
  const { mutate } = $api.useMutation('put', '/v1/links');
  return useCallback(
    (link: AuthorLink) => {
      const archived = !link.archived;
      const label = shortLinkLabel(link);
      mutate(
        {
          body: {
            domain: link.domain,
            code: link.code,
            baseCode: link.baseCode,
            url: link.url,
            archived,
          },
        },
        {
          onSuccess: () => {
            void queryClient.invalidateQueries({ queryKey: ['get', '/v1/links/list'] });
            void queryClient.invalidateQueries({ queryKey: ['get', '/v1/links/count'] });
            notifications.show({
              color: 'teal',
              title: archived ? 'Link archived' : 'Link back in use',
              message: archived
                ? `${label} left your book links and still sends readers on. Find it under Show: Archived.`
                : `${label} is back among your book links.`,
            });
          },
          onError: (error) => {
            notifications.show({
              color: 'red',
              title: archived ? 'The link was not archived' : 'The link was not unarchived',
              message: splitFormFailure(error, []).message,
            });
          },
        },
      );
    },
    [mutate, queryClient],
  );
}

function NoLinksYet() {
  return (
    <Center py="xl">
      <EmptyMessage
        icon={IconBook2}
        title="No links yet"
        description="Paste a retailer page or an ISBN and Shelflink gives you a short link that sends readers to your book. Your links and their clicks will show up here."
        actions={
          <ButtonLink to="/" leftSection={<IconPlus size={16} />}>
            Create your first link
          </ButtonLink>
        }
      />
    </Center>
  );
}
