import '@/components/on-demand-mantine-styles';
import { Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { $api } from '@/api/query-client';
import { FormActions } from '@/components/form-actions';
import { FormFailure } from '@/components/form-failure';
import { StackedModal } from '@/components/stacked-modal';
import { emptyCollectionFormValues } from './collection-form';
import { shortLinkLabel } from '@/lib/short-link';
import { CollectionFormFields } from './collection-form-fields';
import { useCollectionForm } from './use-collection-form';

export function CreateCollectionModal({
  opened,
  onClose,
}: {
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <StackedModal opened={opened} onClose={onClose} title="New collection" size="lg">
      <CreateCollectionForm onDone={onClose} />
    </StackedModal>
  );
}

function CreateCollectionForm({ onDone }: { onDone: () => void }) {
  const createCollection = $api.useMutation('post', '/v2/collections');
  const { form, failure, submit, saving, uploadingCover } = useCollectionForm({
    initialValues: emptyCollectionFormValues,
    write: (input, imageId) =>
      createCollection.mutateAsync({
        body: {
          title: input.title,
          linkIds: input.linkIds,
          aliasCode: input.aliasCode,
          ...(imageId ? { imageId } : {}),
        },
      }),
    onSaved: (collection) => {
      notifications.show({
        color: 'teal',
        title: 'Collection created',
        message: `${collection.title} is ready at ${shortLinkLabel(collection)}.`,
      });
      onDone();
    },
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text size="sm" c="dimmed">
          One short link for a series, a box set or every format of a book. Readers who open it see
          every link in the collection.
        </Text>
        <CollectionFormFields form={form} uploadingCover={uploadingCover} />
        <FormFailure title="The collection was not created" message={failure.message} />
        <FormActions onCancel={onDone} submitLabel="Create collection" pending={saving} />
      </Stack>
    </form>
  );
}
