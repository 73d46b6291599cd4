import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, test } from 'vitest';
import {
  AFFILIATE_PARAMETER_MAX_LENGTH,
  AFFILIATE_PROGRAMS,
  DEVICE_MAKER_PARAMETER_NAME,
  DEVICE_MAKER_PROGRAM_GUID,
  DEVICE_MAKER_SIGN_UP_URL,
  findAffiliateProgram,
  parametersSchema,
  UNSUPPORTED_PROGRAM_GUID,
  type AffiliateProgram,
} from '@/lib/affiliate-programs';

const AMAZON_GUID = '2b8e6f41-7c9d-4a3e-b5f2-8d1a6c3e9f07';
const BOOKSHOP_GUID = '5e4a2c19-8f7b-4d6e-9c3a-1b2f7e8d6a54';
const KOBO_GUID = '7a1d9e3b-4c6f-4b2a-8e5d-9f3c1a7b2e68';

function program(guid: string): AffiliateProgram {
  const found = findAffiliateProgram(guid);
  if (!found) throw new Error(`No program ${guid}`);
  return found;
}

function check(guid: string, values: Record<string, string>) {
  return v.safeParse(parametersSchema(program(guid)), values);
}

/** The one message a refused value gets. */
function refusal(guid: string, values: Record<string, string>): string {
  const result = check(guid, values);
  expect(result.success).toBe(false);
  expect(result.issues).toHaveLength(1);
  return result.issues?.[0]?.message ?? '';
}

describe('the catalogue', () => {
  test('holds the four supported programs with their ids and parameters', () => {
    expect(
      AFFILIATE_PROGRAMS.map(({ guid, name, parameters }) => [
        guid,
        name,
        parameters.map((parameter) => parameter.name),
      ]),
    ).toEqual([
      [DEVICE_MAKER_PROGRAM_GUID, 'Apple Services', ['at']],
      [AMAZON_GUID, 'Amazon Associates', ['tag']],
      [BOOKSHOP_GUID, 'Bookshop.org', ['a_aid']],
      [KOBO_GUID, 'Rakuten Kobo', ['siteId']],
    ]);
  });

  test('names the device-maker program as the spec does', () => {
    expect(DEVICE_MAKER_PROGRAM_GUID).toBe('9d3c1f7a-52b4-4c8e-a1f6-3e7b2d8c4a10');
    expect(DEVICE_MAKER_PARAMETER_NAME).toBe('at');
    expect(program(DEVICE_MAKER_PROGRAM_GUID).signUpUrl).toBe(DEVICE_MAKER_SIGN_UP_URL);
    expect(DEVICE_MAKER_SIGN_UP_URL).toBe('https://performance-partners.apple.com/');
  });

  test('gives every parameter a label, help text and a name the contract accepts', () => {
    for (const entry of AFFILIATE_PROGRAMS) {
      for (const parameter of entry.parameters) {
        expect(parameter.name).toMatch(/^[A-Za-z][A-Za-z0-9_]*$/);
        expect(parameter.label).not.toBe('');
        expect(parameter.description).not.toBe('');
        // The placeholder is an example, so it must itself be valid.
        expect(v.is(parameter.schema, parameter.placeholder)).toBe(true);
      }
    }
  });

  test('links only to https sign-up pages', () => {
    for (const entry of AFFILIATE_PROGRAMS) {
      if (entry.signUpUrl) expect(entry.signUpUrl).toMatch(/^https:\/\//);
    }
  });
});

describe('the Unsupported program', () => {
  test('is handled but never part of the catalogue', () => {
    expect(UNSUPPORTED_PROGRAM_GUID).toBe('00000000-0000-0000-0000-000000000000');
    expect(findAffiliateProgram(UNSUPPORTED_PROGRAM_GUID)).toBeUndefined();
    expect(AFFILIATE_PROGRAMS.map((entry) => entry.guid)).not.toContain(UNSUPPORTED_PROGRAM_GUID);
  });

  test('an unknown id finds no program', () => {
    expect(findAffiliateProgram('4c4c4c4c-1111-4222-8333-444444444444')).toBeUndefined();
  });
});

describe('Apple Services (at)', () => {
  test('accepts a token that starts with 1, trimmed', () => {
    expect(check(DEVICE_MAKER_PROGRAM_GUID, { at: ' 1010lqW7 ' }).output).toEqual({
      at: '1010lqW7',
    });
  });

  test('refuses a token that does not start with 1, with the rule in the message', () => {
    expect(refusal(DEVICE_MAKER_PROGRAM_GUID, { at: '2abc' })).toBe(
      'Apple Services tokens start with 1. Copy yours from the partner dashboard.',
    );
  });

  test('asks for a token when the field is empty', () => {
    expect(refusal(DEVICE_MAKER_PROGRAM_GUID, { at: '   ' })).toMatch(
      /^Enter your Apple Services token/,
    );
  });

  test('refuses any value not starting with 1', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 20 }).filter((text) => !text.trim().startsWith('1')),
        (text) => {
          expect(check(DEVICE_MAKER_PROGRAM_GUID, { at: text }).success).toBe(false);
        },
      ),
    );
  });
});

describe('Amazon Associates (tag)', () => {
  test.each(['mayaokafor-20', 'my-store-21', 'A1-29'])('accepts %s', (tag) => {
    expect(check(AMAZON_GUID, { tag }).success).toBe(true);
  });

  test.each(['mayaokafor', 'mayaokafor-30', 'maya okafor-20', 'mayaokafor-2', '-20x'])(
    'refuses %s with an example of the right form',
    (tag) => {
      expect(refusal(AMAZON_GUID, { tag })).toMatch(/like mayaokafor-20\.$/);
    },
  );

  test('asks for the tracking ID when empty', () => {
    expect(refusal(AMAZON_GUID, { tag: '' })).toBe(
      'Enter your Amazon tracking ID, like mayaokafor-20.',
    );
  });
});

describe('Bookshop.org (a_aid)', () => {
  test('accepts letters and digits', () => {
    expect(check(BOOKSHOP_GUID, { a_aid: 'mayaokafor42' }).success).toBe(true);
  });

  test.each(['maya-okafor', 'maya okafor', 'maya_okafor'])('refuses %s', (value) => {
    expect(refusal(BOOKSHOP_GUID, { a_aid: value })).toMatch(/only letters and digits/);
  });
});

describe('Rakuten Kobo (siteId)', () => {
  test('accepts a Rakuten site ID', () => {
    expect(check(KOBO_GUID, { siteId: 'AbC1dEfGh2I-jKlMnOpQrStUvWxYz' }).success).toBe(true);
  });

  test('refuses spaces and symbols', () => {
    expect(refusal(KOBO_GUID, { siteId: 'abc def' })).toMatch(/only letters, digits/);
  });
});

test('every parameter has a length limit', () => {
  for (const entry of AFFILIATE_PROGRAMS) {
    const [parameter] = entry.parameters;
    if (!parameter) continue;
    const longest = parameter.placeholder.padEnd(AFFILIATE_PARAMETER_MAX_LENGTH + 1, '1');
    expect(v.is(parameter.schema, longest)).toBe(false);
  }
});
