import * as v from 'valibot';
import { describe, expect, test } from 'vitest';
import {
  editLinkSchema,
  editLinkValues,
  expiryAt,
  updateLinkRequest,
} from '@/features/links/edit-link-form';
import { createdLink } from '../../support/api-client';

describe('updateLinkRequest', () => {
  test('sends every field the dialog shows, and leaves an untouched expiry out', () => {
    const link = createdLink({ expiry: { at: '2026-11-01T00:00:00Z', fallbackUrl: null } });
    const initial = editLinkValues(link);
    const values = v.parse(editLinkSchema, { ...initial, title: '  The Salt Orchard (2nd ed.) ' });

    const request = updateLinkRequest(link, values, initial);

    expect(request).toMatchObject({
      domain: 'shelf.to',
      code: 'salt-orchard',
      title: 'The Salt Orchard (2nd ed.)',
      allStores: false,
      localise: true,
      coverImageUrl: null,
    });
    expect(request).not.toHaveProperty('expiry');
  });

  test('sends a new expiry that ends after the chosen day, with its fallback address', () => {
    const link = createdLink();
    const initial = editLinkValues(link);
    const values = v.parse(editLinkSchema, {
      ...initial,
      expires: true,
      expiryDate: '2026-12-24',
      afterExpiry: 'fallback',
      fallbackUrl: 'example.com/next-book',
    });

    expect(updateLinkRequest(link, values, initial).expiry).toEqual({
      at: '2026-12-25T00:00:00.000Z',
      fallbackUrl: 'https://example.com/next-book',
    });
  });

  test('takes an expiry off with null', () => {
    const link = createdLink({ expiry: { at: '2026-12-25T00:00:00Z', fallbackUrl: null } });
    const initial = editLinkValues(link);
    expect(initial).toMatchObject({
      expires: true,
      expiryDate: '2026-12-24',
      afterExpiry: 'endedPage',
    });
    const values = v.parse(editLinkSchema, { ...initial, expires: false });

    expect(updateLinkRequest(link, values, initial).expiry).toBeNull();
  });
});

describe('editLinkSchema', () => {
  test('asks for a day and a fallback address when the link ends', () => {
    const result = v.safeParse(editLinkSchema, {
      ...editLinkValues(createdLink()),
      expires: true,
      afterExpiry: 'fallback',
    });
    expect(result.success).toBe(false);
    const paths = result.issues?.map((issue) => v.getDotPath(issue));
    expect(paths).toContain('expiryDate');
  });
});

test('expiryAt rolls over months and years', () => {
  expect(expiryAt('2026-12-31')).toBe('2027-01-01T00:00:00.000Z');
});
