import { Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { $api } from '@/api/query-client';
import { ConfirmActions } from '@/components/form-actions';
import { FormFailure } from '@/components/form-failure';
import { StackedModal } from '@/components/stacked-modal';
import { useFormFailure } from '@/components/use-form-failure';
import { collectionLinksLabel, toFormFailure } from './collection-form';
import { shortLinkLabel } from '@/lib/short-link';
import type { Collection } from './collection-types';

interface DeleteCollectionModalProps {
  collection: Collection | undefined;
  opened: boolean;
  onClose: () => void;
  onDeleted: (collection: Collection) => void;
}

export function DeleteCollectionModal({
  collection,
  opened,
  onClose,
  onDeleted,
}: DeleteCollectionModalProps) {
  return (
    <StackedModal opened={opened} onClose={onClose} title="Delete this collection?">
      {collection && (
        <DeleteConfirmation
          key={collection.id}
          collection={collection}
          onCancel={onClose}
          onDeleted={onDeleted}
        />
      )}
    </StackedModal>
  );
}

function DeleteConfirmation({
  collection,
  onCancel,
  onDeleted,
}: {
  collection: Collection;
  onCancel: () => void;
  onDeleted: (collection: Collection) => void;
}) {
  const queryClient = useQueryClient();
  const deleteCollection = $api.useMutation('delete', '/v2/collections/{id}');
  const failure = useFormFailure();

  const confirm = async () => {
    failure.clear();
    try {
      await deleteCollection.mutateAsync({ params: { path: { id: collection.id } } });
    } catch (error) {
      failure.apply(toFormFailure(error, {}));
      return;
    }
    queryClient.removeQueries({
      queryKey: ['get', '/v2/collections/{id}', { params: { path: { id: collection.id } } }],
    });
    void queryClient.invalidateQueries({ queryKey: ['get', '/v2/collections/list'] });
    notifications.show({
      color: 'teal',
      title: 'Collection deleted',
      message: `${collection.title} is gone. Its links are still in your books.`,
    });
    onDeleted(collection);
  };

  return (
    <Stack>
      <Text>
        <strong>{collection.title}</strong> will be deleted and its short link{' '}
        <strong>{shortLinkLabel(collection)}</strong> will stop working.{' '}
        {keptLinksSentence(collection.linkIds.length)}
      </Text>
      <FormFailure title="The collection was not deleted" message={failure.message} />
      <ConfirmActions confirmLabel="Delete collection" onConfirm={confirm} onKeep={onCancel} />
    </Stack>
  );
}

function keptLinksSentence(count: number): string {
  if (count === 0) return 'It holds no links.';
  return `The ${collectionLinksLabel(count)} in it ${count === 1 ? 'is' : 'are'} kept.`;
}
