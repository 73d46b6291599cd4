import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import * as v from 'valibot';
import { $api } from '@/api/query-client';
import { StackedModal } from '@/components/stacked-modal';
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
  const [formError, setFormError] = useState<string>();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { title: collection.title, linkIds: collection.linkIds },
    validate: schemaResolver(editCollectionSchema, { sync: true }),
  });

  const submit = form.onSubmit((values) => {
    const { title, linkIds } = v.parse(editCollectionSchema, values);
    setFormError(undefined);
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
          const failure = toFormFailure(error, fieldMap);
          form.setErrors(failure.fieldErrors);
          setFormError(failure.message);
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
        {formError && (
          <Alert color="red" role="alert" title="The collection was not saved">
            {formError}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={updateCollection.isPending}>
            Save changes
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
