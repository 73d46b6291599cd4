import '@/components/on-demand-mantine-styles';
import { Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { $api } from '@/api/query-client';
import { FormActions } from '@/components/form-actions';
import { FormFailure } from '@/components/form-failure';
import { StackedModal } from '@/components/stacked-modal';
import { collectionFormValuesOf, collectionLinksLabel } from './collection-form';
import { CollectionFormFields } from './collection-form-fields';
import type { Collection } from './collection-types';
import { useCollectionForm } from './use-collection-form';

interface EditCollectionModalProps {
  collection: Collection | undefined;
  opened: boolean;
  onClose: () => void;
}

export function EditCollectionModal({ collection, opened, onClose }: EditCollectionModalProps) {
  return (
    <StackedModal opened={opened} onClose={onClose} title="Edit collection" size="lg">
      {collection && (
        <EditCollectionForm key={collection.id} collection={collection} onDone={onClose} />
      )}
    </StackedModal>
  );
}

function EditCollectionForm({
  collection,
  onDone,
}: {
  collection: Collection;
  onDone: () => void;
}) {
  const updateCollection = $api.useMutation('put', '/v2/collections/{id}');
  const { form, failure, submit, saving, uploadingCover } = useCollectionForm({
    initialValues: collectionFormValuesOf(collection),
    currentAlias: collection.aliasCode,
    write: (input, imageId) =>
      updateCollection.mutateAsync({
        params: { path: { id: collection.id } },
        body: {
          title: input.title,
          linkIds: input.linkIds,
          // Sent only when changed, so a save without it never touches the alias.
          ...(input.aliasCode === collection.aliasCode ? {} : { aliasCode: input.aliasCode }),
          ...(imageId ? { imageId } : {}),
        },
      }),
    onSaved: (updated) => {
      notifications.show({
        color: 'teal',
        title: 'Collection saved',
        message: `${updated.title} now holds ${collectionLinksLabel(updated.linkIds.length)}.`,
      });
      onDone();
    },
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <CollectionFormFields form={form} collection={collection} uploadingCover={uploadingCover} />
        <FormFailure title="The collection was not saved" message={failure.message} />
        <FormActions onCancel={onDone} submitLabel="Save changes" pending={saving} />
      </Stack>
    </form>
  );
}
