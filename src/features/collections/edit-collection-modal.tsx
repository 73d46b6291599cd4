import { Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import * as v from 'valibot';
import { $api } from '@/api/query-client';
import { FormActions } from '@/components/form-actions';
import { FormFailure } from '@/components/form-failure';
import { StackedModal } from '@/components/stacked-modal';
import { useFormFailure } from '@/components/use-form-failure';
import {
  COLLECTION_TITLE_MAX_LENGTH,
  editCollectionSchema,
  toFormFailure,
} from './collection-form';
import { CollectionLinksSelect } from './collection-links-select';
import type { Collection } from './collection-types';

const fieldMap = { title: 'title', linkIds: 'linkIds' };

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
  const queryClient = useQueryClient();
  const updateCollection = $api.useMutation('put', '/v2/collections/{id}');
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { title: collection.title, linkIds: collection.linkIds },
    validate: schemaResolver(editCollectionSchema, { sync: true }),
  });
  const failure = useFormFailure(form);

  const submit = form.onSubmit((values) => {
    const { title, linkIds } = v.parse(editCollectionSchema, values);
    failure.clear();
    updateCollection.mutate(
      { params: { path: { id: collection.id } }, body: { title, linkIds } },
      {
        onSuccess: (updated) => {
          void queryClient.invalidateQueries({ queryKey: ['get', '/v2/collections/list'] });
          void queryClient.invalidateQueries({ queryKey: ['get', '/v2/collections/{id}'] });
          notifications.show({
            color: 'teal',
            title: 'Collection saved',
            message: `${updated.title} now holds ${updated.linkIds.length} ${updated.linkIds.length === 1 ? 'link' : 'links'}.`,
          });
          onDone();
        },
        onError: (error) => {
          failure.apply(toFormFailure(error, fieldMap));
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput
          label="Title"
          required
          data-autofocus
          maxLength={COLLECTION_TITLE_MAX_LENGTH}
          key={form.key('title')}
          {...form.getInputProps('title')}
        />
        <CollectionLinksSelect
          initialIds={collection.linkIds}
          key={form.key('linkIds')}
          {...form.getInputProps('linkIds')}
        />
        <FormFailure title="The collection was not saved" message={failure.message} />
        <FormActions
          onCancel={onDone}
          submitLabel="Save changes"
          pending={updateCollection.isPending}
        />
      </Stack>
    </form>
  );
}
