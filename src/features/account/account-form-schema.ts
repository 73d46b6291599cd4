import * as v from 'valibot';
import { emailSchema } from '@/lib/validation-rules';

export const ACCOUNT_NAME_MAX_LENGTH = 80;

/** The storefronts an author can pick as the default for new links. */
export const STOREFRONTS = [
  { value: 'US', label: 'United States' },
  { value: 'GB', label: 'United Kingdom' },
  { value: 'CA', label: 'Canada' },
  { value: 'AU', label: 'Australia' },
  { value: 'DE', label: 'Germany' },
  { value: 'FR', label: 'France' },
  { value: 'ES', label: 'Spain' },
  { value: 'IT', label: 'Italy' },
  { value: 'NL', label: 'Netherlands' },
  { value: 'IN', label: 'India' },
  { value: 'NZ', label: 'New Zealand' },
  { value: 'IE', label: 'Ireland' },
] as const;

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
