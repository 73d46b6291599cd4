import * as v from 'valibot';
import { isApiError } from '@/api/api-error';
import type { FormFailureSplit } from '@/api/form-failure';
import { abbreviateNumber } from '@/lib/format-number';
import { shortLinkLabel } from '@/lib/short-link';
import { vanityCodeSchema } from '@/lib/validation-rules';

export const COLLECTION_TITLE_MAX_LENGTH = 200;
export const COLLECTION_MAX_LINKS = 100;
export const COVER_IMAGE_ID_MAX_LENGTH = 200;
export const COVER_ALT_MAX_LENGTH = 300;
/** The largest cover file the server takes (`uploadImage`). */
export const COVER_FILE_MAX_BYTES = 5 * 1024 * 1024;
export const COVER_FILE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

/** Where a new cover comes from: a file uploaded to Shelflink, or an image host's id. */
export type CoverSource = 'file' | 'hosted';

const titleSchema = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty('Give the collection a title, like The Orchard Trilogy.'),
  v.maxLength(
    COLLECTION_TITLE_MAX_LENGTH,
    `A title can be at most ${COLLECTION_TITLE_MAX_LENGTH} characters long.`,
  ),
);

const linkIdsSchema = v.pipe(
  v.array(v.string()),
  v.maxLength(COLLECTION_MAX_LINKS, `A collection holds at most ${COLLECTION_MAX_LINKS} links.`),
);

/** The create and edit forms' values: the same fields, as both save the same collection. */
export const collectionFormSchema = v.pipe(
  v.object({
    title: titleSchema,
    linkIds: linkIdsSchema,
    aliasCode: vanityCodeSchema,
    coverSource: v.picklist(['file', 'hosted'] satisfies CoverSource[]),
    coverFile: v.nullable(
      v.pipe(
        v.file(),
        v.mimeType(COVER_FILE_TYPES, 'Choose a PNG, JPEG or WebP image.'),
        v.maxSize(COVER_FILE_MAX_BYTES, 'This file is over 5 MB. Choose a smaller image.'),
      ),
    ),
    coverImageId: v.pipe(
      v.string(),
      v.trim(),
      v.maxLength(
        COVER_IMAGE_ID_MAX_LENGTH,
        `An image id can be at most ${COVER_IMAGE_ID_MAX_LENGTH} characters long.`,
      ),
      v.regex(
        /^[A-Za-z0-9_./-]*$/,
        'Use the id your image host gave the image: letters, digits and _ . / - only.',
      ),
    ),
    coverAlt: v.pipe(
      v.string(),
      v.trim(),
      v.maxLength(
        COVER_ALT_MAX_LENGTH,
        `A description can be at most ${COVER_ALT_MAX_LENGTH} characters long.`,
      ),
    ),
  }),
  v.forward(
    v.partialCheck(
      [['coverImageId'], ['coverFile'], ['coverAlt']],
      (input) => (input.coverImageId === '' && input.coverFile === null) || input.coverAlt !== '',
      'Describe the cover for readers who cannot see it, like “The Orchard Trilogy box set”.',
    ),
    ['coverAlt'],
  ),
);

export type CollectionFormValues = v.InferInput<typeof collectionFormSchema>;
export type CollectionFormInput = v.InferOutput<typeof collectionFormSchema>;

export const emptyCollectionFormValues: CollectionFormValues = {
  title: '',
  linkIds: [],
  aliasCode: '',
  coverSource: 'file',
  coverFile: null,
  coverImageId: '',
  coverAlt: '',
};

/** An edit form's first values: the collection as it is, and no new cover. */
export function collectionFormValuesOf(collection: {
  title: string;
  linkIds: string[];
  aliasCode: string;
}): CollectionFormValues {
  return {
    ...emptyCollectionFormValues,
    title: collection.title,
    linkIds: collection.linkIds,
    aliasCode: collection.aliasCode,
  };
}

/** The same alias, which readers' addresses treat alike in any letter case. */
export function isSameAlias(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

/** The links in a new order: the one at `from` put at `to`. */
export function moveLink(linkIds: readonly string[], from: number, to: number): string[] {
  const moved = [...linkIds];
  if (from < 0 || from >= moved.length || to < 0 || to >= moved.length) return moved;
  const [link] = moved.splice(from, 1);
  if (link !== undefined) moved.splice(to, 0, link);
  return moved;
}

const FALLBACK_MESSAGE = 'That did not work. Please try again.';

/**
 * Splits a rejection into errors at the form's fields (`fieldMap` maps the server's field name,
 * first letter lower-cased, to the form field) and a message for everything else.
 */
export function toFormFailure(error: unknown, fieldMap: Record<string, string>): FormFailureSplit {
  if (!isApiError(error)) return { fieldErrors: {}, message: FALLBACK_MESSAGE };
  const fieldErrors: Record<string, string> = {};
  const otherMessages: string[] = [];
  for (const [serverField, message] of Object.entries(error.fieldErrors)) {
    const formField = fieldMap[serverField];
    if (formField) fieldErrors[formField] ??= message;
    else if (serverField !== 'unknownError') otherMessages.push(message);
  }
  if (Object.keys(fieldErrors).length > 0) {
    return { fieldErrors, message: otherMessages.length > 0 ? otherMessages.join(' ') : undefined };
  }
  const message =
    error.responseStatus.message || error.fieldErrors.unknownError || otherMessages.join(' ');
  return { fieldErrors, message: message || FALLBACK_MESSAGE };
}

export interface LinkChoice {
  value: string;
  label: string;
}

/** Options for picking links: every link once, labelled by title and short link. */
export function toLinkChoices(
  links: readonly { id: string; title: string; shortUrl: string }[],
  selectedIds: readonly string[] = [],
): LinkChoice[] {
  const choices = new Map<string, LinkChoice>();
  for (const link of links) {
    if (choices.has(link.id)) continue;
    const title = link.title.trim() || 'Untitled link';
    choices.set(link.id, { value: link.id, label: `${title} · ${shortLinkLabel(link)}` });
  }
  // A picked link that is not among the loaded ones still needs an option to show as picked.
  for (const id of selectedIds) {
    if (!choices.has(id)) choices.set(id, { value: id, label: `Link ${id}` });
  }
  return [...choices.values()];
}

export function collectionCountLabel(count: number): string {
  return `${abbreviateNumber(count)} ${count === 1 ? 'collection' : 'collections'}`;
}

export function collectionLinksLabel(count: number): string {
  return `${abbreviateNumber(count)} ${count === 1 ? 'link' : 'links'}`;
}
