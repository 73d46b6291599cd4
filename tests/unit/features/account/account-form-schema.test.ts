import * as v from 'valibot';
import { describe, expect, test } from 'vitest';
import {
  accountFormSchema,
  STOREFRONTS,
  storefrontOptions,
} from '@/features/account/account-form-schema';

const valid = {
  email: 'maya.okafor@example.com',
  name: 'Maya Okafor',
  preferences: { weeklyReport: true, productNews: false, defaultStorefront: 'US' },
};

function firstMessage(input: unknown): string | undefined {
  return v.safeParse(accountFormSchema, input).issues?.[0]?.message;
}

describe('the account form', () => {
  test('trims the e-mail address and the name', () => {
    expect(
      v.parse(accountFormSchema, { ...valid, email: ' maya@example.com ', name: ' Maya ' }),
    ).toEqual({ ...valid, email: 'maya@example.com', name: 'Maya' });
  });

  test('uses the shared e-mail rule', () => {
    expect(firstMessage({ ...valid, email: 'maya.okafor' })).toBe(
      'Enter an e-mail address like name@example.com.',
    );
    expect(firstMessage({ ...valid, email: '' })).toBe('Enter your e-mail address.');
  });

  test('allows names up to 80 characters', () => {
    expect(v.is(accountFormSchema, { ...valid, name: 'x'.repeat(80) })).toBe(true);
    expect(firstMessage({ ...valid, name: 'x'.repeat(81) })).toBe(
      'A name can be at most 80 characters long.',
    );
  });

  test('needs a storefront country code', () => {
    expect(
      firstMessage({ ...valid, preferences: { ...valid.preferences, defaultStorefront: '' } }),
    ).toBe('Choose a default storefront from the list.');
  });
});

describe('storefront options', () => {
  test('lists the twelve storefronts', () => {
    expect(STOREFRONTS.map((storefront) => storefront.value)).toEqual([
      'US',
      'GB',
      'CA',
      'AU',
      'DE',
      'FR',
      'ES',
      'IT',
      'NL',
      'IN',
      'NZ',
      'IE',
    ]);
    expect(storefrontOptions('GB')).toHaveLength(12);
  });

  test('keeps a saved storefront that is not listed, so saving does not lose it', () => {
    expect(storefrontOptions('JP').at(-1)).toEqual({ value: 'JP', label: 'JP' });
  });
});
