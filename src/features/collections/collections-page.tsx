import { Button, Center, Group, Pagination, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPlus, IconStack2 } from '@tabler/icons-react';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { AnchorLink } from '@/components/anchor-link';
import { ButtonLink } from '@/components/button-link';
import { EmptyMessage } from '@/components/empty-message';
import { lazyModule } from '@/lib/later/lazy-module';
import { useModuleOnDemand } from '@/lib/later/use-module-on-demand';
import { CollectionCard } from './collection-card';
import { collectionCountLabel } from './collection-form';
import type { Collection, MosaicBook } from './collection-types';
import { MOSAIC_SIZE } from './collection-mosaic';
import {
  COLLECTIONS_PAGE_SIZE,
  collectionsListQueryOptions,
  collectionsPageQuery,
  linksByIdsQueryOptions,
} from './collections-queries';

const route = getRouteApi('/_authenticated/links/collections');

// The page's first paint needs neither the dialogs nor their forms: they load when an author
// heads for a button that opens one.
const collectionDialogs = lazyModule(() => import('./collection-dialogs'));

type CollectionDialog = 'create' | 'edit' | 'delete';

export function CollectionsPage() {
  const { page } = route.useSearch();
  const navigate = route.useNavigate();
  const { data } = useSuspenseQuery(collectionsListQueryOptions(collectionsPageQuery(page)));
  const booksOf = useMosaicBooks(data.results);
  const [dialog, setDialog] = useState<CollectionDialog>();
  const [target, setTarget] = useState<Collection>();
  const {
    loaded: dialogs,
    warmUp: warmUpDialogs,
    request: requestDialogs,
  } = useModuleOnDemand(collectionDialogs.load);

  const openFor = (kind: 'edit' | 'delete') => (collection: Collection) => {
    requestDialogs(() => {
      setTarget(collection);
      setDialog(kind);
    });
  };
  const close = () => {
    setDialog(undefined);
  };
  const goToPage = (next: number) => void navigate({ search: { page: next } });

  const pages = Math.max(1, Math.ceil(data.page.total / COLLECTIONS_PAGE_SIZE));
  const createButton = (
    <Button
      leftSection={<IconPlus size={16} />}
      onPointerEnter={warmUpDialogs}
      onFocus={warmUpDialogs}
      onClick={() => {
        requestDialogs(() => {
          setDialog('create');
        });
      }}
    >
      New collection
    </Button>
  );

  return (
    <Stack gap="md">
      {data.page.total === 0 ? (
        <NoCollectionsYet createButton={createButton} />
      ) : (
        <>
          <Group justify="space-between" align="flex-end">
            <Stack gap={2}>
              <Title order={2} fz="h3">
                Collections
              </Title>
              <Text c="dimmed" size="sm">
                {collectionCountLabel(data.page.total)} ·{' '}
                <AnchorLink to="/feature-collections" size="sm">
                  What are collections?
                </AnchorLink>
              </Text>
            </Stack>
            {createButton}
          </Group>

          {data.results.length === 0 ? (
            <Stack align="flex-start">
              <Text>There are no collections on page {page}.</Text>
              <Button
                variant="default"
                onClick={() => {
                  goToPage(1);
                }}
              >
                Go to the first page
              </Button>
            </Stack>
          ) : (
            <SimpleGrid
              component="ul"
              cols={{ base: 1, sm: 2, md: 3 }}
              p={0}
              m={0}
              style={{ listStyle: 'none' }}
            >
              {data.results.map((collection) => (
                <CollectionCard
                  key={collection.id}
                  collection={collection}
                  books={booksOf(collection)}
                  onEdit={openFor('edit')}
                  onDelete={openFor('delete')}
                  onActionIntent={warmUpDialogs}
                />
              ))}
            </SimpleGrid>
          )}

          {pages > 1 && (
            <Center mt="sm">
              <Pagination
                total={pages}
                value={Math.min(page, pages)}
                onChange={goToPage}
                getControlProps={(control) => ({ 'aria-label': `${control} page` })}
                getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
              />
            </Center>
          )}
        </>
      )}

      {dialogs && (
        <>
          <dialogs.CreateCollectionModal opened={dialog === 'create'} onClose={close} />
          <dialogs.EditCollectionModal
            collection={target}
            opened={dialog === 'edit'}
            onClose={close}
          />
          <dialogs.DeleteCollectionModal
            collection={target}
            opened={dialog === 'delete'}
            onClose={close}
            onDeleted={() => {
              close();
              // The last collection on a later page is gone: show the page before it.
              if (data.results.length === 1 && page > 1) goToPage(page - 1);
            }}
          />
        </>
      )}
    </Stack>
  );
}

/**
 * The books the page's cards show, in one call for the whole page: each collection's first
 * few links. Gives undefined while they load, and no books when they could not be loaded.
 */
function useMosaicBooks(
  collections: readonly Collection[],
): (collection: Collection) => MosaicBook[] | undefined {
  const ids = [
    ...new Set(collections.flatMap((collection) => collection.linkIds.slice(0, MOSAIC_SIZE))),
  ];
  const books = useQuery({ ...linksByIdsQueryOptions(ids), enabled: ids.length > 0 });
  const byId = new Map(books.data?.results.map((link) => [link.id, link]));
  return (collection) => {
    if (books.isPending && ids.length > 0) return undefined;
    return collection.linkIds.slice(0, MOSAIC_SIZE).flatMap((id) => {
      const book = byId.get(id);
      return book ? [book] : [];
    });
  };
}

function NoCollectionsYet({ createButton }: { createButton: ReactNode }) {
  return (
    <Center py="xl">
      <EmptyMessage
        icon={IconStack2}
        title="No collections yet"
        description="A collection puts a series, a box set or every format of a book behind one short link."
        actions={
          <>
            {createButton}
            <ButtonLink to="/feature-collections" variant="default">
              How collections work
            </ButtonLink>
          </>
        }
      />
    </Center>
  );
}
