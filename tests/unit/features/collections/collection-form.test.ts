import * as v from 'valibot';
import { describe, expect, test } from 'vitest';

import { ApiError, UNKNOWN_FIELD_ERROR } from '@/api/api-error';
import {
  collectionCountLabel,
  collectionLinksLabel,
  createCollectionSchema,
  editCollectionSchema,
  emptyCreateCollectionValues,
  toFormFailure,
  toLinkChoices,
  withoutScheme,
} from '@/features/collections/collection-form';

function issuesOf(schema: v.GenericSchema, values: unknown) {
  const result = v.safeParse(schema, values);
  return result.success
    ? {}
    : Object.fromEntries(
        result.issues.map((issue) => [v.getDotPath(issue) ?? '', issue.message] as const),
      );
}

const valid = {
  ...emptyCreateCollectionValues,
  title: '  The Orchard Trilogy ',
  linkIds: ['lnk_01HZX00000'],
  aliasCode: 'orchard trilogy',
};

describe('createCollectionSchema', () => {
  test('trims the title and removes spaces from the alias', () => {
    expect(v.parse(createCollectionSchema, valid)).toEqual({
      title: 'The Orchard Trilogy',
      linkIds: ['lnk_01HZX00000'],
      aliasCode: 'orchardtrilogy',
      coverImageId: '',
      coverAlt: '',
    });
  });

  test('an empty alias is allowed', () => {
    expect(issuesOf(createCollectionSchema, { ...valid, aliasCode: '' })).toEqual({});
  });

  test('a title is required and at most 200 characters', () => {
    expect(issuesOf(createCollectionSchema, { ...valid, title: '   ' })).toHaveProperty('title');
    expect(issuesOf(createCollectionSchema, { ...valid, title: 'x'.repeat(201) })).toHaveProperty(
      'title',
    );
    expect(issuesOf(createCollectionSchema, { ...valid, title: 'x'.repeat(200) })).toEqual({});
  });

  test('the alias follows the vanity code rule', () => {
    expect(issuesOf(createCollectionSchema, { ...valid, aliasCode: 'ab' })).toEqual({
      aliasCode: 'A custom link needs at least 3 characters, or leave it empty.',
    });
    expect(
      issuesOf(createCollectionSchema, { ...valid, aliasCode: 'orchard/trilogy' }),
    ).toHaveProperty('aliasCode');
  });

  test('a cover needs a description, and its id uses the image host’s characters', () => {
    expect(
      issuesOf(createCollectionSchema, {
        ...valid,
        coverImageId: 'shelflink/covers/orchard-trilogy-box',
      }),
    ).toEqual({
      coverAlt:
        'Describe the cover for readers who cannot see it, like “The Orchard Trilogy box set”.',
    });
    expect(
      issuesOf(createCollectionSchema, {
        ...valid,
        coverImageId: 'covers/box set?.jpg',
        coverAlt: 'Box set',
      }),
    ).toHaveProperty('coverImageId');
    expect(
      issuesOf(createCollectionSchema, {
        ...valid,
        coverImageId: 'shelflink/covers/orchard-trilogy-box',
        coverAlt: 'The Orchard Trilogy box set',
      }),
    ).toEqual({});
  });

  test('a collection holds at most 100 links', () => {
    const linkIds = Array.from({ length: 101 }, (_, index) => `lnk_${index}`);
    expect(issuesOf(editCollectionSchema, { title: 'Many', linkIds })).toEqual({
      linkIds: 'A collection holds at most 100 links.',
    });
  });
});

describe('toFormFailure', () => {
  const fieldMap = { title: 'title', code: 'aliasCode', aliasCode: 'aliasCode' };

  test('puts named fields at their form fields', () => {
    const error = new ApiError(400, {
      errorCode: 'ValidationException',
      message: 'Please check the highlighted fields.',
      errors: [
        {
          fieldName: 'Code',
          errorCode: 'Length',
          message: 'A vanity code is 3 to 22 characters long.',
        },
      ],
    });
    expect(toFormFailure(error, fieldMap)).toEqual({
      fieldErrors: { aliasCode: 'A vanity code is 3 to 22 characters long.' },
      message: undefined,
    });
  });

  test('keeps messages for fields the form does not have', () => {
    const error = new ApiError(400, {
      errorCode: 'ValidationException',
      message: 'Please check the highlighted fields.',
      errors: [
        { fieldName: 'Title', errorCode: 'Length', message: 'Too long.' },
        { fieldName: 'Url', errorCode: 'InvalidUrl', message: 'Not a product page.' },
      ],
    });
    expect(toFormFailure(error, fieldMap)).toEqual({
      fieldErrors: { title: 'Too long.' },
      message: 'Not a product page.',
    });
  });

  test('a rejection that names no field shows the server’s message', () => {
    const error = new ApiError(500, {
      errorCode: 'InternalServerError',
      message: 'Something went wrong on our side. We have been told about it.',
      errors: [],
    });
    expect(toFormFailure(error, fieldMap)).toEqual({
      fieldErrors: {},
      message: 'Something went wrong on our side. We have been told about it.',
    });
  });

  test('without a server message it shows the unknown error', () => {
    const error = new ApiError(400, { errorCode: 'ValidationException', message: '', errors: [] });
    expect(toFormFailure(error, fieldMap)).toEqual({
      fieldErrors: {},
      message: UNKNOWN_FIELD_ERROR,
    });
  });

  test('anything else gets a generic message', () => {
    expect(toFormFailure(new Error('boom'), fieldMap).message).toBe(
      'That did not work. Please try again.',
    );
  });
});

describe('toLinkChoices', () => {
  const links = [
    { id: 'a', title: 'The Salt Orchard', domain: 'shelf.to', code: 'salt-orchard' },
    { id: 'b', title: 'The Salt Orchard', domain: 'shelf.to', code: 'orchard-uk' },
    { id: 'c', title: ' ', domain: 'shelf.to', code: 'x1' },
    { id: 'a', title: 'The Salt Orchard', domain: 'shelf.to', code: 'salt-orchard' },
  ];

  test('labels each link once by title and short link', () => {
    expect(toLinkChoices(links)).toEqual([
      { value: 'a', label: 'The Salt Orchard · shelf.to/salt-orchard' },
      { value: 'b', label: 'The Salt Orchard · shelf.to/orchard-uk' },
      { value: 'c', label: 'Untitled link · shelf.to/x1' },
    ]);
  });

  test('adds an option for a picked link that was not loaded', () => {
    expect(toLinkChoices(links.slice(0, 1), ['a', 'z'])).toEqual([
      { value: 'a', label: 'The Salt Orchard · shelf.to/salt-orchard' },
      { value: 'z', label: 'Link z' },
    ]);
  });
});

test('withoutScheme shows a short link as people say it', () => {
  expect(withoutScheme('https://shelf.to/c/orchard-trilogy')).toBe('shelf.to/c/orchard-trilogy');
  expect(withoutScheme('shelf.to/c/x')).toBe('shelf.to/c/x');
});

test('counts are abbreviated and agree in number', () => {
  expect(collectionCountLabel(1)).toBe('1 collection');
  expect(collectionCountLabel(2)).toBe('2 collections');
  expect(collectionLinksLabel(1)).toBe('1 link');
  expect(collectionLinksLabel(1500)).toBe('1.5k links');
});
