import '@/components/on-demand-mantine-styles';
import {
  Button,
  FileInput,
  Fieldset,
  Group,
  Image,
  Loader,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconLink, IconPhoto, IconUpload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { verbatimFieldProps } from '@/lib/validation-rules';
import { CollectionAliasField } from './collection-alias-field';
import {
  COLLECTION_TITLE_MAX_LENGTH,
  COVER_ALT_MAX_LENGTH,
  COVER_FILE_TYPES,
  COVER_IMAGE_ID_MAX_LENGTH,
  type CoverSource,
} from './collection-form';
import { CollectionLinkOrder } from './collection-link-order';
import { CollectionLinksSelect } from './collection-links-select';
import { collectionImageQueryOptions } from './collections-queries';
import type { CollectionForm } from './use-collection-form';

interface CollectionFormFieldsProps {
  form: CollectionForm;
  /** The collection being edited; none for a new one. */
  collection?: { aliasCode: string; imageId: string | null; linkIds: string[] };
  /** The chosen cover file is on its way to the server, as the collection is being saved. */
  uploadingCover?: boolean;
}

/** The cover file field's label, for a first cover or for one that replaces the current. */
const coverFileLabel = { first: 'Cover image file', replacement: 'New cover image file' };

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
export function CollectionFormFields({
  form,
  collection,
  uploadingCover = false,
}: CollectionFormFieldsProps) {
  const aliasCode = form.useWatchValue('aliasCode');
  const coverSource = form.useWatchValue('coverSource');
  const coverFile = form.useWatchValue('coverFile');
  const hasCover = Boolean(collection?.imageId);
  const wording = hasCover ? 'replacement' : 'first';
  // The other source's value is dropped, so a cover is never taken from a field out of sight.
  const switchCoverSource = (source: CoverSource) => {
    form.setFieldValue('coverSource', source);
    if (source === 'file') form.setFieldValue('coverImageId', '');
    else form.setFieldValue('coverFile', null);
    form.clearFieldError('coverImageId');
    form.clearFieldError('coverFile');
  };
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
          {coverSource === 'file' ? (
            <>
              <FileInput
                label={coverFileLabel[wording]}
                description={
                  hasCover
                    ? 'PNG, JPEG or WebP, up to 5 MB. Leave it empty to keep the cover.'
                    : 'PNG, JPEG or WebP, up to 5 MB.'
                }
                placeholder="Choose an image"
                accept={COVER_FILE_TYPES.join(',')}
                clearable
                clearButtonProps={{ 'aria-label': 'Remove the chosen file' }}
                leftSection={<IconPhoto size={16} aria-hidden="true" />}
                key={form.key('coverFile')}
                {...form.getInputProps('coverFile')}
              />
              {coverFile && <CoverFilePreview file={coverFile} />}
              {uploadingCover && (
                <Group gap="xs" role="status">
                  <Loader size="xs" />
                  <Text size="sm">Uploading the cover…</Text>
                </Group>
              )}
            </>
          ) : (
            <TextInput
              {...coverImageIdWording[wording]}
              placeholder="shelflink/covers/orchard-trilogy-box"
              {...verbatimFieldProps}
              maxLength={COVER_IMAGE_ID_MAX_LENGTH}
              key={form.key('coverImageId')}
              {...form.getInputProps('coverImageId')}
            />
          )}
          <Button
            variant="subtle"
            size="compact-sm"
            w="fit-content"
            leftSection={
              coverSource === 'file' ? (
                <IconLink size={14} aria-hidden="true" />
              ) : (
                <IconUpload size={14} aria-hidden="true" />
              )
            }
            onClick={() => {
              switchCoverSource(coverSource === 'file' ? 'hosted' : 'file');
            }}
          >
            {coverSource === 'file' ? 'Use a hosted image id' : 'Upload a file instead'}
          </Button>
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

/** The chosen file as it will look, read on the device (as a data: address, which the app's policy allows). */
function CoverFilePreview({ file }: { file: File }) {
  const [preview, setPreview] = useState<{ file: File; url: string }>();
  const [brokenUrl, setBrokenUrl] = useState<string>();
  useEffect(() => {
    const reader = new FileReader();
    reader.onload = () => {
      if (typeof reader.result === 'string') setPreview({ file, url: reader.result });
    };
    reader.readAsDataURL(file);
    return () => {
      reader.abort();
    };
  }, [file]);
  if (preview?.file !== file || brokenUrl === preview.url) return null;
  return (
    <Group gap="sm" wrap="nowrap">
      <Image
        src={preview.url}
        alt="Preview of the new cover"
        w={96}
        h={96}
        fit="contain"
        radius="sm"
        bg="var(--mantine-color-default-hover)"
        onError={() => {
          setBrokenUrl(preview.url);
        }}
      />
      <Text size="sm" c="dimmed">
        The new cover, as it will show. It is uploaded when you save.
      </Text>
    </Group>
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
