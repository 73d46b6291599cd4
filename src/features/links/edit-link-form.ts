import * as v from 'valibot';
import type { components } from '@/api/schema';
import { destinationUrlSchema } from '@/lib/validation-rules';
import type { AuthorLink } from './link-types';

type UpdateLinkRequest = components['schemas']['UpdateLinkRequest'];

/** What readers get once a link has ended: another address, or a page saying it has ended. */
export type AfterExpiry = 'fallback' | 'endedPage';

export interface EditLinkValues {
  url: string;
  allStores: boolean;
  localise: boolean;
  title: string;
  author: string;
  coverImageUrl: string;
  expires: boolean;
  /** The last day the link works, `YYYY-MM-DD` (UTC). */
  expiryDate: string;
  afterExpiry: AfterExpiry;
  fallbackUrl: string;
}

const COVER_MESSAGE = 'Enter the cover image’s web address, starting with https://.';

/** The form's checks before anything is sent; the server checks the rest as creation does. */
export const editLinkSchema = v.pipe(
  v.object({
    url: destinationUrlSchema,
    allStores: v.boolean(),
    localise: v.boolean(),
    title: v.pipe(v.string(), v.trim()),
    author: v.pipe(v.string(), v.trim()),
    coverImageUrl: v.pipe(
      v.string(),
      v.trim(),
      v.check((text) => text === '' || /^https?:\/\/\S+$/i.test(text), COVER_MESSAGE),
    ),
    expires: v.boolean(),
    expiryDate: v.string(),
    afterExpiry: v.picklist(['fallback', 'endedPage']),
    fallbackUrl: v.string(),
  }),
  v.forward(
    v.check(
      (values) => !values.expires || /^\d{4}-\d{2}-\d{2}$/.test(values.expiryDate),
      'Choose the last day the link works.',
    ),
    ['expiryDate'],
  ),
  v.forward(
    v.check(
      (values) =>
        !values.expires ||
        values.afterExpiry !== 'fallback' ||
        v.is(destinationUrlSchema, values.fallbackUrl),
      'Enter the address readers go to once the link has ended, like https://example.com/book.',
    ),
    ['fallbackUrl'],
  ),
);

/** The form's values for a link as it is. */
export function editLinkValues(link: AuthorLink): EditLinkValues {
  return {
    url: link.url,
    allStores: link.allStores ?? false,
    localise: link.localise ?? true,
    title: link.title,
    author: link.author,
    coverImageUrl: link.coverImageUrl ?? '',
    expires: link.expiry !== null,
    expiryDate: link.expiry ? lastDayOf(link.expiry.at) : '',
    afterExpiry: link.expiry && link.expiry.fallbackUrl === null ? 'endedPage' : 'fallback',
    fallbackUrl: link.expiry?.fallbackUrl ?? '',
  };
}

/** A link ends as its last day (UTC) ends, so it works all through the day the author chose. */
export function expiryAt(lastDay: string): string {
  const next = new Date(`${lastDay}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString();
}

function lastDayOf(at: string): string {
  return new Date(new Date(at).getTime() - 1).toISOString().slice(0, 10);
}

function sameExpiry(a: EditLinkValues, b: EditLinkValues): boolean {
  if (a.expires !== b.expires) return false;
  if (!a.expires) return true;
  return (
    a.expiryDate === b.expiryDate &&
    a.afterExpiry === b.afterExpiry &&
    (a.afterExpiry === 'endedPage' || a.fallbackUrl.trim() === b.fallbackUrl.trim())
  );
}

/**
 * The change request for the form's values; the server checks it as creation does. An expiry the
 * author left as it was is left out, so an ended link can still have its title changed.
 */
export function updateLinkRequest(
  link: Pick<AuthorLink, 'domain' | 'code' | 'baseCode'>,
  values: v.InferOutput<typeof editLinkSchema>,
  initial: EditLinkValues,
): UpdateLinkRequest {
  const expiry = sameExpiry(values, initial)
    ? {}
    : {
        expiry: values.expires
          ? {
              at: expiryAt(values.expiryDate),
              fallbackUrl:
                values.afterExpiry === 'fallback'
                  ? v.parse(destinationUrlSchema, values.fallbackUrl)
                  : null,
            }
          : null,
      };
  return {
    domain: link.domain,
    code: link.code,
    baseCode: link.baseCode,
    url: values.url,
    allStores: values.allStores,
    localise: values.localise,
    title: values.title,
    author: values.author,
    coverImageUrl: values.coverImageUrl === '' ? null : values.coverImageUrl,
    ...expiry,
  };
}

/** The server's field names (as the app reads them) mapped to the form's. */
export const EDIT_LINK_SERVER_FIELDS = {
  url: 'url',
  allStores: 'allStores',
  localise: 'localise',
  title: 'title',
  author: 'author',
  coverImageUrl: 'coverImageUrl',
  'expiry.At': 'expiryDate',
  'expiry.FallbackUrl': 'fallbackUrl',
} as const;
