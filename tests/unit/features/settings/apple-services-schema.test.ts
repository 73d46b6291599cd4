import * as v from 'valibot';
import { describe, expect, test } from 'vitest';
import {
  appleServicesFormSchema,
  ENROL_WITHOUT_TOKEN_MESSAGE,
} from '@/features/settings/apple-services-schema';

function messages(input: unknown): Record<string, string> {
  const result = v.safeParse(appleServicesFormSchema, input);
  const byField: Record<string, string> = {};
  for (const issue of result.issues ?? []) {
    const path = issue.path?.map((item) => String(item.key)).join('.') ?? '';
    byField[path] ??= issue.message;
  }
  return byField;
}

describe('the Apple Services enrolment form', () => {
  test('enrols with a token that starts with 1, trimming both tokens', () => {
    expect(
      v.parse(appleServicesFormSchema, {
        enrolled: true,
        affiliateToken: ' 1010lqW7 ',
        campaignToken: ' shelflink ',
      }),
    ).toEqual({ enrolled: true, affiliateToken: '1010lqW7', campaignToken: 'shelflink' });
  });

  test('refuses a token that does not start with 1, with a clear message', () => {
    expect(messages({ enrolled: true, affiliateToken: '2abc', campaignToken: '' })).toEqual({
      affiliateToken: 'Apple Services tokens start with 1. Copy yours from the partner dashboard.',
    });
  });

  test('refuses a token with a space inside it, as Apple never issues one', () => {
    expect(messages({ enrolled: true, affiliateToken: '1010 lqW7', campaignToken: '' })).toEqual({
      affiliateToken:
        'An Apple Services token has no spaces. Copy yours from the partner dashboard.',
    });
  });

  test('applies the rule to a typed token even when not enrolled', () => {
    expect(messages({ enrolled: false, affiliateToken: '2abc', campaignToken: '' })).toHaveProperty(
      'affiliateToken',
    );
  });

  test('needs a token to enrol, but not to leave', () => {
    expect(messages({ enrolled: true, affiliateToken: '  ', campaignToken: '' })).toEqual({
      affiliateToken: ENROL_WITHOUT_TOKEN_MESSAGE,
    });
    expect(
      v.is(appleServicesFormSchema, { enrolled: false, affiliateToken: '', campaignToken: '' }),
    ).toBe(true);
  });

  test.each(['spring launch', 'spring!', 'x'.repeat(41)])(
    'refuses campaign token %s',
    (campaign) => {
      expect(
        messages({ enrolled: true, affiliateToken: '1010lqW7', campaignToken: campaign }),
      ).toHaveProperty('campaignToken');
    },
  );

  test('accepts an empty or simple campaign token', () => {
    for (const campaignToken of ['', 'spring-launch_2026']) {
      expect(
        v.is(appleServicesFormSchema, { enrolled: true, affiliateToken: '1a', campaignToken }),
      ).toBe(true);
    }
  });
});
