import { useDebouncedValue } from '@mantine/hooks';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import * as v from 'valibot';
import { $api } from '@/api/query-client';
import { shortLinkPrefix } from '@/lib/short-link';
import { normalizeVanityCode, vanityCodeSchema } from '@/lib/validation-rules';
import { isSameAlias } from './collection-form';
import { aliasAvailabilityQueryOptions } from './collections-queries';

/** How long typing pauses before the alias is checked. */
export const ALIAS_CHECK_DEBOUNCE_MS = 400;

/**
 * How long an answer about an alias is trusted, by the live check and when the form is saved: the
 * server checks again as it saves.
 */
const RECENT_ANSWER_MS = 30_000;

export interface AliasAvailability {
  checking: boolean;
  /** Known only for the alias as it is now; undefined until it is, or when it needs no call. */
  isAvailable: boolean | undefined;
  /** The alias's address without its scheme ('shelf.to/c/orchard-trilogy'), once it is known free. */
  availableAt: string | undefined;
}

/**
 * What aliases are written after on the short-link host ('shelf.to/c/'), from the alias check
 * without a code, asked once; undefined until it is known.
 */
export function useAliasPrefix(): string | undefined {
  const { data } = useQuery(
    $api.queryOptions(
      'get',
      '/v1/vanity-codes/availability',
      { params: { query: { domain: '' } } },
      { staleTime: Infinity },
    ),
  );
  return data && shortLinkPrefix(data.shortUrl);
}

/**
 * Whether an alias needs asking about: not an empty one (we choose one), nor one the form would
 * refuse anyway, nor the collection's own.
 */
function needsCheck(code: string, currentAlias: string | undefined): boolean {
  if (code === '' || !v.is(vanityCodeSchema, code)) return false;
  return currentAlias === undefined || currentAlias === '' || !isSameAlias(code, currentAlias);
}

/** The alias's availability as the author types, asked once typing pauses. */
export function useAliasAvailability(typed: string, currentAlias?: string): AliasAvailability {
  const code = normalizeVanityCode(typed);
  const [debouncedCode] = useDebouncedValue(code, ALIAS_CHECK_DEBOUNCE_MS);
  const availability = useQuery({
    ...aliasAvailabilityQueryOptions(debouncedCode),
    enabled: needsCheck(debouncedCode, currentAlias),
    staleTime: RECENT_ANSWER_MS,
  });
  if (!needsCheck(code, currentAlias)) {
    return { checking: false, isAvailable: undefined, availableAt: undefined };
  }
  // Answers are only shown for the alias as it is now, never for one the author has since changed.
  const settled = debouncedCode === code && !availability.isFetching;
  const answer = settled ? availability.data : undefined;
  return {
    checking: !settled,
    isAvailable: answer?.isAvailable,
    availableAt: answer?.isAvailable ? `${shortLinkPrefix(answer.shortUrl)}${code}` : undefined,
  };
}

/** Asks, as the form is saved, whether the alias is free; the collection's own alias is. */
export async function isAliasFree(
  queryClient: QueryClient,
  code: string,
  currentAlias?: string,
): Promise<boolean> {
  if (!needsCheck(code, currentAlias)) return true;
  // A recent answer from the live check is reused.
  const availability = await queryClient.query({
    ...aliasAvailabilityQueryOptions(code),
    staleTime: RECENT_ANSWER_MS,
  });
  return availability.isAvailable;
}
