import * as v from 'valibot';

/**
 * The sign-in screen's search parameters. Its own module: the route validates them in the entry
 * chunk, and the screen with its form loads only when it is shown.
 */
export const loginSearchSchema = v.object({
  redirect: v.optional(v.string()),
  failed: v.optional(v.picklist(['expired', 'failed', 'confirmation'])),
});
