import * as v from 'valibot';
import { emailSchema } from '@/lib/validation-rules';

export const ACCOUNT_NAME_MAX_LENGTH = 80;

/** The countries whose stores an author can pick as the default for new links. */
const STOREFRONT_CODES = ['US', 'GB', 'CA', 'AU', 'DE', 'FR', 'ES', 'IT', 'NL', 'IN', 'NZ', 'IE'];

const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** Those storefronts, each named by its country. */
export const STOREFRONTS = STOREFRONT_CODES.map((code) => ({
  value: code,
  label: countryNames.of(code) ?? code,
}));

/** The list, plus the saved storefront if the account holds one we no longer list. */
export function storefrontOptions(saved: string): { value: string; label: string }[] {
  const options: { value: string; label: string }[] = [...STOREFRONTS];
  if (saved && !options.some((option) => option.value === saved))
    options.push({ value: saved, label: saved });
  return options;
}

export const accountFormSchema = v.object({
  email: emailSchema,
  name: v.config(
    v.pipe(
      v.string('Enter your name.'),
      v.trim(),
      v.maxLength(
        ACCOUNT_NAME_MAX_LENGTH,
        `A name can be at most ${ACCOUNT_NAME_MAX_LENGTH} characters long.`,
      ),
    ),
    { abortPipeEarly: true },
  ),
  preferences: v.object({
    weeklyReport: v.boolean(),
    productNews: v.boolean(),
    defaultStorefront: v.pipe(
      v.string('Choose a default storefront.'),
      v.regex(/^[A-Z]{2}$/, 'Choose a default storefront from the list.'),
    ),
  }),
});

export type AccountFormValues = v.InferInput<typeof accountFormSchema>;

/** The form's fields as the server names them in field errors (first letter lower-cased). */
export const ACCOUNT_FIELD_NAMES = [
  'email',
  'name',
  'preferences.weeklyReport',
  'preferences.productNews',
  'preferences.defaultStorefront',
] as const;
