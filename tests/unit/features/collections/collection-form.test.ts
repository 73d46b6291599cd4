import * as v from 'valibot';
import { describe, expect, test } from 'vitest';

import { ApiError, UNKNOWN_FIELD_ERROR } from '@/api/api-error';
import {
  collectionCountLabel,
  collectionLinksLabel,
  collectionFormSchema,
  collectionFormValuesOf,
  COVER_FILE_MAX_BYTES,
  emptyCollectionFormValues,
  isSameAlias,
  moveLink,
  toFormFailure,
  toLinkChoices,
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
  ...emptyCollectionFormValues,
  title: '  The Orchard Trilogy ',
  linkIds: ['lnk_01HZX00000'],
  aliasCode: 'orchard trilogy',
};

describe('collectionFormSchema', () => {
  test('trims the title and removes spaces from the alias', () => {
    expect(v.parse(collectionFormSchema, valid)).toEqual({
      title: 'The Orchard Trilogy',
      linkIds: ['lnk_01HZX00000'],
      aliasCode: 'orchardtrilogy',
      coverSource: 'file',
      coverFile: null,
      coverImageId: '',
      coverAlt: '',
    });
  });

  test('an empty alias is allowed', () => {
    expect(issuesOf(collectionFormSchema, { ...valid, aliasCode: '' })).toEqual({});
  });

  test('a title is required and at most 200 characters', () => {
    expect(issuesOf(collectionFormSchema, { ...valid, title: '   ' })).toHaveProperty('title');
    expect(issuesOf(collectionFormSchema, { ...valid, title: 'x'.repeat(201) })).toHaveProperty(
      'title',
    );
    expect(issuesOf(collectionFormSchema, { ...valid, title: 'x'.repeat(200) })).toEqual({});
  });

  test('the alias follows the vanity code rule', () => {
    expect(issuesOf(collectionFormSchema, { ...valid, aliasCode: 'ab' })).toEqual({
      aliasCode: 'A custom link needs at least 3 characters, or leave it empty.',
    });
    expect(
      issuesOf(collectionFormSchema, { ...valid, aliasCode: 'orchard/trilogy' }),
    ).toHaveProperty('aliasCode');
  });

  test('a cover needs a description, and its id uses the image host’s characters', () => {
    expect(
      issuesOf(collectionFormSchema, {
        ...valid,
        coverImageId: 'shelflink/covers/orchard-trilogy-box',
      }),
    ).toEqual({
      coverAlt:
        'Describe the cover for readers who cannot see it, like “The Orchard Trilogy box set”.',
    });
    expect(
      issuesOf(collectionFormSchema, {
        ...valid,
        coverImageId: 'covers/box set?.jpg',
        coverAlt: 'Box set',
      }),
    ).toHaveProperty('coverImageId');
    expect(
      issuesOf(collectionFormSchema, {
        ...valid,
        coverImageId: 'shelflink/covers/orchard-trilogy-box',
        coverAlt: 'The Orchard Trilogy box set',
      }),
    ).toEqual({});
  });

  test('a cover file is a PNG, JPEG or WebP image of at most 5 MB, with a description', () => {
    const file = (type: string, size = 10) => new File([new Uint8Array(size)], 'cover', { type });
    const described = { ...valid, coverAlt: 'The Orchard Trilogy box set' };

    expect(issuesOf(collectionFormSchema, { ...valid, coverFile: file('image/png') })).toEqual({
      coverAlt:
        'Describe the cover for readers who cannot see it, like “The Orchard Trilogy box set”.',
    });
    for (const type of ['image/png', 'image/jpeg', 'image/webp']) {
      expect(
        issuesOf(collectionFormSchema, {
          ...described,
          coverFile: file(type, COVER_FILE_MAX_BYTES),
        }),
      ).toEqual({});
    }
    expect(issuesOf(collectionFormSchema, { ...described, coverFile: file('image/gif') })).toEqual({
      coverFile: 'Choose a PNG, JPEG or WebP image.',
    });
    expect(
      issuesOf(collectionFormSchema, {
        ...described,
        coverFile: file('image/png', COVER_FILE_MAX_BYTES + 1),
      }),
    ).toEqual({ coverFile: 'This file is over 5 MB. Choose a smaller image.' });
  });

  test('a collection holds at most 100 links', () => {
    const linkIds = Array.from({ length: 101 }, (_, index) => `lnk_${index}`);
    expect(issuesOf(collectionFormSchema, { ...valid, linkIds })).toEqual({
      linkIds: 'A collection holds at most 100 links.',
    });
  });
});

describe('the edit form', () => {
  test('starts from the collection as it is, with no new cover', () => {
    expect(
      collectionFormValuesOf({
        title: 'The Orchard Trilogy',
        linkIds: ['lnk_a', 'lnk_b'],
        aliasCode: 'orchard-trilogy',
      }),
    ).toEqual({
      title: 'The Orchard Trilogy',
      linkIds: ['lnk_a', 'lnk_b'],
      aliasCode: 'orchard-trilogy',
      coverSource: 'file',
      coverFile: null,
      coverImageId: '',
      coverAlt: '',
    });
  });

  test('an alias in another letter case is the same alias', () => {
    expect(isSameAlias('Orchard-Trilogy', 'orchard-trilogy')).toBe(true);
    expect(isSameAlias('orchard-books', 'orchard-trilogy')).toBe(false);
  });
});

describe('moveLink', () => {
  const ids = ['a', 'b', 'c', 'd'];

  test('puts a link at its new place, the others keeping their order', () => {
    expect(moveLink(ids, 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveLink(ids, 3, 0)).toEqual(['d', 'a', 'b', 'c']);
    expect(moveLink(ids, 1, 2)).toEqual(['a', 'c', 'b', 'd']);
  });

  test('leaves the order as it is for a place outside the list, and never changes its input', () => {
    expect(moveLink(ids, 0, -1)).toEqual(ids);
    expect(moveLink(ids, 4, 0)).toEqual(ids);
    expect(ids).toEqual(['a', 'b', 'c', 'd']);
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
    { id: 'a', title: 'The Salt Orchard', shortUrl: 'https://shelf.to/salt-orchard' },
    { id: 'b', title: 'The Salt Orchard', shortUrl: 'https://shelf.to/orchard-uk' },
    { id: 'c', title: ' ', shortUrl: 'http://127.0.0.1:3001/x1' },
    { id: 'a', title: 'The Salt Orchard', shortUrl: 'https://shelf.to/salt-orchard' },
  ];

  test('labels each link once by title and short link', () => {
    expect(toLinkChoices(links)).toEqual([
      { value: 'a', label: 'The Salt Orchard · shelf.to/salt-orchard' },
      { value: 'b', label: 'The Salt Orchard · shelf.to/orchard-uk' },
      { value: 'c', label: 'Untitled link · 127.0.0.1:3001/x1' },
    ]);
  });

  test('adds an option for a picked link that was not loaded', () => {
    expect(toLinkChoices(links.slice(0, 1), ['a', 'z'])).toEqual([
      { value: 'a', label: 'The Salt Orchard · shelf.to/salt-orchard' },
      { value: 'z', label: 'Link z' },
    ]);
  });
});

test('counts are abbreviated and agree in number', () => {
  expect(collectionCountLabel(1)).toBe('1 collection');
  expect(collectionCountLabel(2)).toBe('2 collections');
  expect(collectionLinksLabel(1)).toBe('1 link');
  expect(collectionLinksLabel(1500)).toBe('1.5k links');
});
