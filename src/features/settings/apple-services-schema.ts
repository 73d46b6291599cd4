import * as v from 'valibot';
import { deviceMakerTokenSchema } from '@/lib/validation-rules';

export const CAMPAIGN_TOKEN_MAX_LENGTH = 40;
export const ENROL_WITHOUT_TOKEN_MESSAGE =
  'Enter your Apple Services token to enrol. Copy it from the partner dashboard.';

/** An empty token is allowed while not enrolled; anything typed must pass the `at` rule. */
const affiliateTokenSchema = v.pipe(
  v.string(),
  v.trim(),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed || dataset.value === '') return;
    const result = v.safeParse(deviceMakerTokenSchema, dataset.value);
    const issue = result.issues?.[0];
    if (issue) addIssue({ message: issue.message });
  }),
);

export const appleServicesFormSchema = v.pipe(
  v.object({
    enrolled: v.boolean(),
    affiliateToken: affiliateTokenSchema,
    campaignToken: v.config(
      v.pipe(
        v.string(),
        v.trim(),
        v.maxLength(
          CAMPAIGN_TOKEN_MAX_LENGTH,
          `A campaign token can be at most ${CAMPAIGN_TOKEN_MAX_LENGTH} characters long.`,
        ),
        v.regex(
          /^[A-Za-z0-9_-]*$/,
          'Use only letters, digits, hyphens (-) and underscores (_) in a campaign token.',
        ),
      ),
      { abortPipeEarly: true },
    ),
  }),
  v.forward(
    v.partialCheck(
      [['enrolled'], ['affiliateToken']],
      (input) => !input.enrolled || input.affiliateToken !== '',
      ENROL_WITHOUT_TOKEN_MESSAGE,
    ),
    ['affiliateToken'],
  ),
);

export type AppleServicesFormValues = v.InferInput<typeof appleServicesFormSchema>;
