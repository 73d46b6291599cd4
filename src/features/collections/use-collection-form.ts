import { schemaResolver, useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import * as v from 'valibot';
import { isApiError } from '@/api/api-error';
import { fileBody } from '@/api/file-body';
import { splitFormFailure } from '@/api/form-failure';
import { $api } from '@/api/query-client';
import { useFormFailure } from '@/components/use-form-failure';
import { VANITY_CODE_TAKEN_MESSAGE } from '@/lib/validation-rules';
import { isAliasFree } from './collection-alias';
import {
  collectionFormSchema,
  toFormFailure,
  type CollectionFormInput,
  type CollectionFormValues,
} from './collection-form';
import type { Collection } from './collection-types';

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

/** The upload's refusals: the file (too large, another type, not an image) and its description. */
const uploadFieldMap = { file: 'coverFile', alt: 'coverAlt' };

interface CollectionFormOptions {
  initialValues: CollectionFormValues;
  /** The collection's alias when editing one: it needs no check. */
  currentAlias?: string;
  /** Saves the collection, with the id of its new cover when one was registered. */
  write: (input: CollectionFormInput, imageId: string | undefined) => Promise<Collection>;
  onSaved: (collection: Collection) => void;
}

/**
 * The create and edit forms' shared flow: the alias is checked first, then a new cover is
 * uploaded (or, for an image host's id, registered), then the collection is written. A file is
 * uploaded on saving, so that it is stored with the description the author gave it. A taken
 * alias is told at its field, other refusals at theirs or in the form's alert.
 */
export function useCollectionForm({
  initialValues,
  currentAlias,
  write,
  onSaved,
}: CollectionFormOptions) {
  const queryClient = useQueryClient();
  const createImage = $api.useMutation('post', '/v2/images');
  const uploadImage = $api.useMutation('post', '/v2/images/uploads');
  const [saving, setSaving] = useState(false);
  // If the collection fails after its cover was registered, a retry reuses that image.
  const [registeredCover, setRegisteredCover] = useState<{
    cover: File | string;
    alt: string;
    id: string;
  }>();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues,
    validate: schemaResolver(collectionFormSchema, { sync: true }),
    // A file of another type or over the limit is told as soon as it is chosen.
    validateInputOnChange: ['coverFile'],
  });
  const failure = useFormFailure(form);

  /** Uploads the chosen file; `failed` once the form shows why the server refused it. */
  const uploadCover = async (file: File, alt: string): Promise<{ imageId?: string } | 'failed'> => {
    try {
      const image = await uploadImage.mutateAsync({
        params: { query: { alt } },
        ...fileBody(file),
      });
      setRegisteredCover({ cover: file, alt, id: image.id });
      return { imageId: image.id };
    } catch (error) {
      failure.apply(splitFormFailure(error, uploadFieldMap));
      return 'failed';
    }
  };

  /** Uploads or registers the new cover, if any; `failed` once the form shows why it could not be. */
  const registerCover = async (
    input: CollectionFormInput,
  ): Promise<{ imageId?: string } | 'failed'> => {
    const cover = input.coverSource === 'file' ? input.coverFile : input.coverImageId;
    if (cover === null || cover === '') return {};
    if (registeredCover?.cover === cover && registeredCover.alt === input.coverAlt) {
      return { imageId: registeredCover.id };
    }
    if (cover instanceof File) return uploadCover(cover, input.coverAlt);
    try {
      const image = await createImage.mutateAsync({
        body: {
          provider: 'cloudinary',
          providerImageId: input.coverImageId,
          attributes: { alt: input.coverAlt },
        },
      });
      setRegisteredCover({ cover, alt: input.coverAlt, id: image.id });
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

  const save = async (input: CollectionFormInput) => {
    if (!(await isAliasFree(queryClient, input.aliasCode, currentAlias))) {
      form.setFieldError('aliasCode', VANITY_CODE_TAKEN_MESSAGE);
      return;
    }
    const cover = await registerCover(input);
    if (cover === 'failed') return;
    try {
      const collection = await write(input, cover.imageId);
      void queryClient.invalidateQueries({ queryKey: ['get', '/v2/collections/list'] });
      void queryClient.invalidateQueries({ queryKey: ['get', '/v2/collections/{id}'] });
      onSaved(collection);
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
    save(v.parse(collectionFormSchema, values))
      .catch((error: unknown) => {
        // Only the availability check gets here.
        failure.apply(toFormFailure(error, {}));
      })
      .finally(() => {
        setSaving(false);
      });
  });

  return { form, failure, submit, saving, uploadingCover: uploadImage.isPending };
}

export type CollectionForm = ReturnType<typeof useCollectionForm>['form'];
