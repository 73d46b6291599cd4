import '@/components/on-demand-mantine-styles';
import { Fieldset, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import * as v from 'valibot';
import { isApiError } from '@/api/api-error';
import { $api } from '@/api/query-client';
import { FormActions } from '@/components/form-actions';
import { FormFailure } from '@/components/form-failure';
import { StackedModal } from '@/components/stacked-modal';
import { useFormFailure } from '@/components/use-form-failure';
import { VANITY_CODE_TAKEN_MESSAGE } from '@/lib/validation-rules';
import {
  COLLECTION_TITLE_MAX_LENGTH,
  COVER_ALT_MAX_LENGTH,
  COVER_IMAGE_ID_MAX_LENGTH,
  createCollectionSchema,
  emptyCreateCollectionValues,
  toFormFailure,
  withoutScheme,
  type CreateCollectionInput,
} from './collection-form';
import { CollectionLinksSelect } from './collection-links-select';
import { aliasAvailabilityQueryOptions } from './collections-queries';

const collectionFieldMap = {
  title: 'title',
  linkIds: 'linkIds',
  aliasCode: 'aliasCode',
  code: 'aliasCode',
  imageId: 'coverImageId',
};

const imageFieldMap = {
  providerImageId: 'coverImageId',
  alt: 'coverAlt',
  'attributes.Alt': 'coverAlt',
  'attributes.alt': 'coverAlt',
};

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
  const queryClient = useQueryClient();
  const createImage = $api.useMutation('post', '/v2/images');
  const createCollection = $api.useMutation('post', '/v2/collections');
  const [saving, setSaving] = useState(false);
  // If the collection fails after its cover was registered, a retry reuses that image.
  const [registeredCover, setRegisteredCover] = useState<{ key: string; id: string }>();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: emptyCreateCollectionValues,
    validate: schemaResolver(createCollectionSchema, { sync: true }),
  });
  const failure = useFormFailure(form);

  /** Registers the cover, if any; `failed` once the form shows why it could not be. */
  const registerCover = async (
    input: CreateCollectionInput,
  ): Promise<{ imageId?: string } | 'failed'> => {
    if (input.coverImageId === '') return {};
    const key = `${input.coverImageId}\n${input.coverAlt}`;
    if (registeredCover?.key === key) return { imageId: registeredCover.id };
    try {
      const image = await createImage.mutateAsync({
        body: {
          provider: 'cloudinary',
          providerImageId: input.coverImageId,
          attributes: { alt: input.coverAlt },
        },
      });
      setRegisteredCover({ key, id: image.id });
      return { imageId: image.id };
    } catch (error) {
      const split = toFormFailure(error, imageFieldMap);
      failure.apply({
        ...split,
        message: split.message && `The cover image was not saved: ${split.message}`,
      });
      return 'failed';
    }
  };

  const save = async (input: CreateCollectionInput) => {
    const availability = await queryClient.query(aliasAvailabilityQueryOptions(input.aliasCode));
    if (!availability.isAvailable) {
      form.setFieldError('aliasCode', VANITY_CODE_TAKEN_MESSAGE);
      return;
    }
    const cover = await registerCover(input);
    if (cover === 'failed') return;
    try {
      const collection = await createCollection.mutateAsync({
        body: {
          title: input.title,
          linkIds: input.linkIds,
          aliasCode: input.aliasCode,
          ...(cover.imageId ? { imageId: cover.imageId } : {}),
        },
      });
      void queryClient.invalidateQueries({ queryKey: ['get', '/v2/collections/list'] });
      notifications.show({
        color: 'teal',
        title: 'Collection created',
        message: `${collection.title} is ready at ${withoutScheme(collection.shortUrl)}.`,
      });
      onDone();
    } catch (error) {
      if (isApiError(error) && error.status === 409) {
        form.setFieldError('aliasCode', VANITY_CODE_TAKEN_MESSAGE);
        return;
      }
      failure.apply(toFormFailure(error, collectionFieldMap));
    }
  };

  const submit = form.onSubmit((values) => {
    failure.clear();
    setSaving(true);
    save(v.parse(createCollectionSchema, values))
      .catch((error: unknown) => {
        // Only the availability check gets here.
        failure.apply(toFormFailure(error, {}));
      })
      .finally(() => {
        setSaving(false);
      });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text size="sm" c="dimmed">
          One short link for a series, a box set or every format of a book. Readers who open it see
          every link in the collection.
        </Text>
        <TextInput
          label="Title"
          placeholder="The Orchard Trilogy"
          required
          data-autofocus
          maxLength={COLLECTION_TITLE_MAX_LENGTH}
          key={form.key('title')}
          {...form.getInputProps('title')}
        />
        <CollectionLinksSelect key={form.key('linkIds')} {...form.getInputProps('linkIds')} />
        <TextInput
          label="Alias"
          description="3 to 22 letters, digits, hyphens or underscores. Leave it empty and we choose one."
          placeholder="orchard-trilogy"
          leftSection={
            <Text size="sm" c="dimmed" aria-hidden="true">
              shelf.to/c/
            </Text>
          }
          leftSectionWidth={84}
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          key={form.key('aliasCode')}
          {...form.getInputProps('aliasCode')}
        />
        <Fieldset legend="Cover image (optional)" variant="filled">
          <Stack gap="sm">
            <TextInput
              label="Image id on your image host"
              description="Upload the cover to Cloudinary first, then paste its public id."
              placeholder="shelflink/covers/orchard-trilogy-box"
              autoCapitalize="off"
              autoCorrect="off"
              spellCheck={false}
              maxLength={COVER_IMAGE_ID_MAX_LENGTH}
              key={form.key('coverImageId')}
              {...form.getInputProps('coverImageId')}
            />
            <TextInput
              label="Cover description"
              description="Alt text for readers who cannot see the image."
              placeholder="The Orchard Trilogy box set"
              maxLength={COVER_ALT_MAX_LENGTH}
              key={form.key('coverAlt')}
              {...form.getInputProps('coverAlt')}
            />
          </Stack>
        </Fieldset>
        <FormFailure title="The collection was not created" message={failure.message} />
        <FormActions onCancel={onDone} submitLabel="Create collection" pending={saving} />
      </Stack>
    </form>
  );
}
