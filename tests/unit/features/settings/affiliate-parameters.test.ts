import * as v from 'valibot';
import { describe, expect, test } from 'vitest';
import {
  changedValues,
  countryFlag,
  initialValues,
  parameterGroups,
  programValuesSchema,
  type ProgramDetails,
} from '@/features/settings/affiliate-parameters';

const TRACKING_ID = '^[A-Za-z0-9][A-Za-z0-9-]{0,60}-[0-9]{2}$';

// As `listAffiliatePrograms` describes Amazon Associates, shortened to two marketplaces.
const amazon: ProgramDetails = {
  guid: '2b8e6f41-7c9d-4a3e-b5f2-8d1a6c3e9f07',
  name: 'Amazon Associates',
  retailer: 'Amazon',
  parameters: [
    {
      name: 'tag',
      label: 'Amazon.com tracking ID',
      required: true,
      marketplace: { country: 'US', host: 'www.amazon.com', countries: ['US'] },
      pattern: TRACKING_ID,
      maxLength: 64,
      example: 'mayaokafor-20',
      formatMessage: 'A tracking ID ends in a hyphen and two digits, as in mayaokafor-20.',
    },
    {
      name: 'tag_GB',
      label: 'Amazon.co.uk tracking ID',
      required: false,
      marketplace: { country: 'GB', host: 'www.amazon.co.uk', countries: ['GB', 'IE'] },
      pattern: TRACKING_ID,
      maxLength: 64,
      example: 'mayaokafor-21',
      formatMessage: 'A tracking ID ends in a hyphen and two digits, as in mayaokafor-21.',
    },
  ],
};

function issuesByField(values: Record<string, string>): Record<string, string> {
  const result = v.safeParse(programValuesSchema(amazon), values);
  const byField: Record<string, string> = {};
  for (const issue of result.issues ?? []) {
    const field = issue.path?.map((item) => String(item.key)).join('.') ?? '';
    byField[field] ??= issue.message;
  }
  return byField;
}

describe('saving a token sends only what changed', () => {
  test('editing the US tag keeps the GB tag by not sending it', () => {
    const saved = { tag: 'mayaokafor-20', tag_GB: 'mayaokafor-21' };
    const values = { ...initialValues(amazon, saved), tag: 'mayareads-20' };
    expect(changedValues(saved, values)).toEqual({ tag: 'mayareads-20' });
  });

  test('a cleared value is sent empty, which removes it', () => {
    const saved = { tag: 'mayaokafor-20', tag_GB: 'mayaokafor-21' };
    expect(changedValues(saved, { tag: 'mayaokafor-20', tag_GB: '' })).toEqual({ tag_GB: '' });
  });

  test('a new token sends the values typed, not the empty ones', () => {
    expect(changedValues({}, initialValues(amazon, { tag_GB: 'mayaokafor-21' }))).toEqual({
      tag_GB: 'mayaokafor-21',
    });
  });
});

describe('checking values as the programs list describes them', () => {
  test('takes each marketplace value in its format, trimmed', () => {
    expect(
      v.parse(programValuesSchema(amazon), { tag: ' mayaokafor-20 ', tag_GB: 'mayaokafor-21' }),
    ).toEqual({ tag: 'mayaokafor-20', tag_GB: 'mayaokafor-21' });
  });

  test('refuses a value out of format with the parameter’s own message, at its field', () => {
    expect(issuesByField({ tag: 'mayaokafor-20', tag_GB: 'maya okafor' })).toEqual({
      tag_GB: 'A tracking ID ends in a hyphen and two digits, as in mayaokafor-21.',
    });
  });

  test('refuses a value longer than the parameter allows', () => {
    expect(issuesByField({ tag: `${'a'.repeat(63)}-20`, tag_GB: '' })).toEqual({
      tag: 'This can be at most 64 characters long.',
    });
  });

  test('lets the default marketplace go empty only while another marketplace is tagged', () => {
    expect(issuesByField({ tag: '', tag_GB: 'mayaokafor-21' })).toEqual({});
    expect(issuesByField({ tag: '', tag_GB: '' })).toEqual({
      tag: "Add your Amazon.com tracking ID, or another marketplace's, so your links are tagged somewhere.",
    });
  });
});

describe('how the settings group a program’s parameters', () => {
  test('one group per marketplace, with its country and store host', () => {
    expect(
      parameterGroups(amazon).map((group) => ({
        country: group.country,
        host: group.host,
        names: group.parameters.map((parameter) => parameter.name),
      })),
    ).toEqual([
      { country: 'US', host: 'www.amazon.com', names: ['tag'] },
      { country: 'GB', host: 'www.amazon.co.uk', names: ['tag_GB'] },
    ]);
  });

  test('draws a country’s flag from its code', () => {
    expect(countryFlag('GB')).toBe('🇬🇧');
  });
});
