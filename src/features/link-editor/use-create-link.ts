import { useQueryClient } from '@tanstack/react-query';
import { isApiError } from '@/api/api-error';
import type { FormFailureSplit } from '@/api/form-failure';
import { $api } from '@/api/query-client';
import type { components } from '@/api/schema';
import { VANITY_CODE_TAKEN_MESSAGE } from '@/lib/validation-rules';
import { offeredPrograms } from './affiliate-programs';
import {
  isbnMetadataQueryOptions,
  isTaken,
  linkListQueryKeys,
  savedAffiliateTokensQueryOptions,
  vanityAvailabilityQueryOptions,
} from './link-editor-queries';
import {
  DESTINATION_REQUIRED_MESSAGE,
  ISBN_NOT_FOUND_MESSAGE,
  parseDestination,
  toCreateLinkRequest,
  type LinkEditorValues,
} from './link-editor-schemas';
import { stepOfFirstFieldError, type CreatedLink, type FormStep } from './use-link-editor';

type VanityAvailability = components['schemas']['VanityAvailability'];

/** Fields shown by the editor; a server error for any other field is shown in the alert. */
const EDITOR_FIELDS = ['url', 'code', 'allStores'];
export const CREATE_FAILED_FALLBACK =
  'Something went wrong while creating your link. Please try again.';

/** A refusal shown at the editor's fields: the editor goes to `step` and focuses `field`, if any. */
export interface CreateLinkRefusal extends FormFailureSplit {
  kind: 'refused';
  step: FormStep;
  field: string | undefined;
}

/** A failure shown in the editor's alert, on the step the link was sent from. */
export interface CreateLinkError {
  kind: 'failed';
  message: string;
}

/** A signed-in author's session ended before the link was made: they are asked to sign in again. */
export interface CreateLinkSessionEnded {
  kind: 'sessionEnded';
}

export type CreateLinkFailure = CreateLinkRefusal | CreateLinkError | CreateLinkSessionEnded;

export type CreateLinkResult = { kind: 'created'; link: CreatedLink } | CreateLinkFailure;

/** The address a link leads to, or why there is none (shown at the destination field). */
export type ResolvedDestination = { url: string } | { urlError: string };

function refusedAt(field: string, message: string, step: FormStep): CreateLinkRefusal {
  return { kind: 'refused', step, field, fieldErrors: { [field]: message }, message: undefined };
}

/** What a taken code means, whether the availability check or the create request said so. */
export const CODE_TAKEN = refusedAt('code', VANITY_CODE_TAKEN_MESSAGE, 'customizing');

/** What a failed create request means for the editor. */
export function toCreateFailure(error: unknown): CreateLinkRefusal | CreateLinkError {
  if (!isApiError(error)) return { kind: 'failed', message: CREATE_FAILED_FALLBACK };
  if (error.status === 409) return CODE_TAKEN;
  const step = error.status === 400 ? stepOfFirstFieldError(error.fieldErrors) : undefined;
  if (step === undefined) {
    return {
      kind: 'failed',
      message: error.responseStatus.message || (error.fieldErrors.unknownError ?? error.message),
    };
  }
  const elsewhere = Object.entries(error.fieldErrors)
    .filter(([field]) => !EDITOR_FIELDS.includes(field))
    .map(([, message]) => message);
  return {
    kind: 'refused',
    step,
    field: Object.keys(error.fieldErrors).find((field) => EDITOR_FIELDS.includes(field)),
    // Every field error is kept, so the stepper marks the step that holds it.
    fieldErrors: error.fieldErrors,
    message: elsewhere.length > 0 ? elsewhere.join(' ') : undefined,
  };
}

/** Creating a link, signed in or not: the destination it leads to, the request, and its failures. */
export function useCreateLink(isAuthenticated: boolean) {
  const queryClient = useQueryClient();
  const createLink = $api.useMutation('post', '/v1/links');
  const createUnclaimedLink = $api.useMutation('post', '/v1/links/unclaimed');

  /** The address typed, or the page an ISBN leads to. */
  const resolveDestination = async (typed: string): Promise<ResolvedDestination> => {
    const destination = parseDestination(typed);
    if (destination.kind === 'url') return { url: destination.url };
    if (destination.kind === 'empty') return { urlError: DESTINATION_REQUIRED_MESSAGE };
    if (destination.kind === 'invalid') return { urlError: destination.message };
    try {
      const product = await queryClient.query(isbnMetadataQueryOptions(destination.isbn));
      return { url: product.url };
    } catch (error) {
      const notFound = isApiError(error) && error.status === 404;
      return { urlError: notFound || !isApiError(error) ? ISBN_NOT_FOUND_MESSAGE : error.message };
    }
  };

  const loadSavedPrograms = async (): Promise<string[]> => {
    try {
      const reply = await queryClient.ensureQueryData(savedAffiliateTokensQueryOptions());
      return offeredPrograms(reply.results);
    } catch {
      // Without the saved tokens the link is still made, just without affiliate programs.
      return [];
    }
  };

  const cachedAvailability = (code: string) =>
    queryClient.getQueryData<VanityAvailability>(vanityAvailabilityQueryOptions(code).queryKey);

  /** Creates the link from valid values; a code the availability check called taken is not sent. */
  const create = async (values: LinkEditorValues): Promise<CreateLinkResult> => {
    const destination = await resolveDestination(values.url);
    if ('urlError' in destination) return refusedAt('url', destination.urlError, 'editing');
    const programs = isAuthenticated ? await loadSavedPrograms() : [];
    const body = toCreateLinkRequest(values, destination.url, programs);
    if (body.code !== undefined && isTaken(cachedAvailability(body.code))) return CODE_TAKEN;
    try {
      const link = isAuthenticated
        ? await createLink.mutateAsync({ body })
        : await createUnclaimedLink.mutateAsync({ body });
      if (isAuthenticated) {
        for (const queryKey of linkListQueryKeys) void queryClient.invalidateQueries({ queryKey });
      }
      return { kind: 'created', link };
    } catch (error) {
      // Never made unclaimed instead: that is the author's choice, not a fallback.
      if (isAuthenticated && isApiError(error) && error.isUnauthenticated) {
        return { kind: 'sessionEnded' };
      }
      return toCreateFailure(error);
    }
  };

  const reset = () => {
    createLink.reset();
    createUnclaimedLink.reset();
  };

  return { resolveDestination, create, reset };
}
