import { schemaResolver, useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import * as v from 'valibot';
import { isApiError } from '@/api/api-error';
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
 * registered, then the collection is written. A taken alias is told at its field, other
 * refusals at theirs or in the form's alert.
 */
export function useCollectionForm({
  initialValues,
  currentAlias,
  write,
  onSaved,
}: CollectionFormOptions) {
  const queryClient = useQueryClient();
  const createImage = $api.useMutation('post', '/v2/images');
  const [saving, setSaving] = useState(false);
  // If the collection fails after its cover was registered, a retry reuses that image.
  const [registeredCover, setRegisteredCover] = useState<{ key: string; id: string }>();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues,
    validate: schemaResolver(collectionFormSchema, { sync: true }),
  });
  const failure = useFormFailure(form);

  /** Registers the new cover, if any; `failed` once the form shows why it could not be. */
  const registerCover = async (
    input: CollectionFormInput,
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

  return { form, failure, submit, saving };
}

export type CollectionForm = ReturnType<typeof useCollectionForm>['form'];
