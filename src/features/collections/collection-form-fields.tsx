import '@/components/on-demand-mantine-styles';
import { Fieldset, Group, Image, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { verbatimFieldProps } from '@/lib/validation-rules';
import { CollectionAliasField } from './collection-alias-field';
import {
  COLLECTION_TITLE_MAX_LENGTH,
  COVER_ALT_MAX_LENGTH,
  COVER_IMAGE_ID_MAX_LENGTH,
} from './collection-form';
import { CollectionLinkOrder } from './collection-link-order';
import { CollectionLinksSelect } from './collection-links-select';
import { collectionImageQueryOptions } from './collections-queries';
import type { CollectionForm } from './use-collection-form';

interface CollectionFormFieldsProps {
  form: CollectionForm;
  /** The collection being edited; none for a new one. */
  collection?: { aliasCode: string; imageId: string | null; linkIds: string[] };
}

/** The cover image id field's wording, for a first cover or for one that replaces the current. */
const coverImageIdWording = {
  first: {
    label: 'Image id on your image host',
    description: 'Upload the cover to Cloudinary first, then paste its public id.',
  },
  replacement: {
    label: 'New image id on your image host',
    description:
      'To replace the cover, upload the new one to Cloudinary and paste its public id. Leave it empty to keep the cover.',
  },
};

/** The fields of the create and edit forms. */
export function CollectionFormFields({ form, collection }: CollectionFormFieldsProps) {
  const aliasCode = form.useWatchValue('aliasCode');
  const hasCover = Boolean(collection?.imageId);
  return (
    <>
      <TextInput
        label="Title"
        placeholder="The Orchard Trilogy"
        required
        data-autofocus
        maxLength={COLLECTION_TITLE_MAX_LENGTH}
        key={form.key('title')}
        {...form.getInputProps('title')}
      />
      <CollectionLinksSelect
        initialIds={collection?.linkIds}
        key={form.key('linkIds')}
        {...form.getInputProps('linkIds')}
      />
      <CollectionLinkOrder form={form} initialIds={collection?.linkIds} />
      <CollectionAliasField
        typed={aliasCode}
        currentAlias={collection?.aliasCode}
        key={form.key('aliasCode')}
        {...form.getInputProps('aliasCode')}
      />
      <Fieldset legend={hasCover ? 'Cover image' : 'Cover image (optional)'} variant="filled">
        <Stack gap="sm">
          {collection?.imageId && <CurrentCover imageId={collection.imageId} />}
          <TextInput
            {...coverImageIdWording[hasCover ? 'replacement' : 'first']}
            placeholder="shelflink/covers/orchard-trilogy-box"
            {...verbatimFieldProps}
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
    </>
  );
}

function CurrentCover({ imageId }: { imageId: string }) {
  const image = useQuery(collectionImageQueryOptions(imageId));
  if (!image.isSuccess) return null;
  return (
    <Group gap="sm" wrap="nowrap">
      <Image
        src={image.data.url}
        alt={image.data.attributes.alt}
        w={48}
        h={72}
        fit="cover"
        radius="sm"
      />
      <Text size="sm">
        The current cover:{' '}
        <Text span c="dimmed" size="sm">
          {image.data.providerImageId}
        </Text>
      </Text>
    </Group>
  );
}
