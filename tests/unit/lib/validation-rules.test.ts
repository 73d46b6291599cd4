import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, test } from 'vitest';

import {
  destinationUrlSchema,
  deviceMakerTokenSchema,
  emailSchema,
  isbnSchema,
  normalizeIsbn,
  normalizeUrl,
  normalizeVanityCode,
  VANITY_CODE_MAX_LENGTH,
  VANITY_CODE_MIN_LENGTH,
  VANITY_CODE_TAKEN_MESSAGE,
  vanityCodeSchema,
  wholeNumberSchema,
} from '@/lib/validation-rules';

function expectAccepted(schema: v.GenericSchema, input: unknown, output: unknown): void {
  const result = v.safeParse(schema, input);
  expect(result.issues?.map((issue) => issue.message)).toBeUndefined();
  expect(result.output).toStrictEqual(output);
}

/** Asserts exactly one issue, phrased as a sentence, and returns its message. */
function expectRefused(schema: v.GenericSchema, input: unknown): string {
  const result = v.safeParse(schema, input);
  expect(result.success).toBe(false);
  expect(result.issues).toHaveLength(1);
  const message = result.issues?.[0].message ?? '';
  expect(message).toMatch(/^[A-Z].*[.)]$/);
  return message;
}

function isAccepted(schema: v.GenericSchema, input: unknown): boolean {
  return v.safeParse(schema, input).success;
}

describe('emailSchema', () => {
  test.each([
    ['name@example.com', 'name@example.com'],
    ['  name@example.com\t', 'name@example.com'],
    ['first.last+tag@mail.example.co.uk', 'first.last+tag@mail.example.co.uk'],
    [`${'a'.repeat(242)}@example.com`, `${'a'.repeat(242)}@example.com`],
  ])('accepts %j as %j', (input, output) => {
    expectAccepted(emailSchema, input, output);
  });

  test.each([
    ['', /Enter your e-mail address/],
    ['   ', /Enter your e-mail address/],
    ['name', /name@example\.com/],
    ['name@example', /name@example\.com/],
    ['@example.com', /name@example\.com/],
    ['name@.com', /name@example\.com/],
    ['name@@example.com', /name@example\.com/],
    ['na me@example.com', /name@example\.com/],
    ['name@exa mple.com', /name@example\.com/],
    [`${'a'.repeat(243)}@example.com`, /at most 254 characters/],
    [42, /name@example\.com/],
  ])('refuses %j', (input, message) => {
    expect(expectRefused(emailSchema, input)).toMatch(message);
  });
});

describe('wholeNumberSchema', () => {
  test.each([
    ['12', 12],
    ['1', 1],
    [' 7 ', 7],
    ['007', 7],
    [String(Number.MAX_SAFE_INTEGER), Number.MAX_SAFE_INTEGER],
  ])('accepts %j as %d', (input, output) => {
    expectAccepted(wholeNumberSchema, input, output);
  });

  test.each([
    ['1.0', /decimal point/],
    ['1.5', /decimal point/],
    ['1,5', /decimal point/],
    ['.5', /decimal point/],
    ['0', /greater than 0/],
    ['000', /greater than 0/],
    ['-3', /greater than 0/],
    ['+3', /greater than 0/],
    ['abc', /whole number/],
    ['12abc', /whole number/],
    ['1e3', /whole number/],
    ['', /Enter a number/],
    ['   ', /Enter a number/],
    ['9'.repeat(20), /too large/],
    [12, /whole number/],
  ])('refuses %j', (input, message) => {
    expect(expectRefused(wholeNumberSchema, input)).toMatch(message);
  });
});

describe('normalizeIsbn', () => {
  test.each([
    ['978-0-306-40615-7', '9780306406157'],
    ['978 0 306 40615 7', '9780306406157'],
    ['0-8044-2957-x', '080442957X'],
    ['080442957X', '080442957X'],
    ['x123', 'x123'],
  ])('%j → %j', (input, output) => {
    expect(normalizeIsbn(input)).toBe(output);
  });
});

describe('isbnSchema', () => {
  test.each([
    ['9780306406157', '9780306406157'],
    ['978-0-306-40615-7', '9780306406157'],
    ['979-10-90636-07-1', '9791090636071'],
    ['  979 1090 6360 71 ', '9791090636071'],
    ['0306406152', '0306406152'],
    ['0-306-40615-2', '0306406152'],
    ['0 8044 2957 X', '080442957X'],
    ['0-8044-2957-x', '080442957X'],
    // The rule checks shape only, not the check digit.
    ['9780306406150', '9780306406150'],
  ])('accepts %j as %j', (input, output) => {
    expectAccepted(isbnSchema, input, output);
  });

  test.each([
    '',
    ' - ',
    '9770306406157',
    '978030640615',
    '97803064061577',
    '978030640615X',
    '030640615',
    '03064061522',
    'X306406152',
    '03064O6152',
    '0306406152x7',
    'isbn 0306406152',
  ])('refuses %j', (input) => {
    expect(expectRefused(isbnSchema, input)).toMatch(/ISBN/);
  });
});

describe('normalizeUrl', () => {
  test.each([
    ['http://example.com', 'http://example.com'],
    ['https://example.com', 'https://example.com'],
    ['ftp://example.com', 'ftp://example.com'],
    ['ftps://example.com', 'ftps://example.com'],
    ['HTTPS://Example.com', 'HTTPS://Example.com'],
    ['example.com', 'https://example.com'],
    ['  example.com/book  ', 'https://example.com/book'],
    ['javascript:alert(1)', 'https://javascript:alert(1)'],
  ])('%j → %j', (input, output) => {
    expect(normalizeUrl(input)).toBe(output);
  });
});

describe('destinationUrlSchema', () => {
  test.each([
    ['http://example.com', 'http://example.com/'],
    ['https://example.com/books?id=1#top', 'https://example.com/books?id=1#top'],
    ['HTTP://EXAMPLE.COM', 'http://example.com/'],
    ['https://bücher.de/x', 'https://xn--bcher-kva.de/x'],
    ['https://example.com/my book', 'https://example.com/my%20book'],
    ['example.com', 'https://example.com/'],
    ['  www.example.com/my-book  ', 'https://www.example.com/my-book'],
    ['example.com:8080/book', 'https://example.com:8080/book'],
    ['https://example.com/a@b', 'https://example.com/a@b'],
  ])('accepts %j as %j', (input, output) => {
    expectAccepted(destinationUrlSchema, input, output);
  });

  const webPageMessage =
    /^A link must lead to a web page: use an http:\/\/ or https:\/\/ address\.$/;
  const domainMessage = /domain/;
  test.each([
    ['', /Enter a web address/],
    ['   ', /Enter a web address/],
    ['ftp://files.example.com/book.epub', webPageMessage],
    ['FTPS://files.example.com/book.epub', webPageMessage],
    ['javascript:alert(1)', webPageMessage],
    ['JavaScript:alert(document.cookie)', webPageMessage],
    ['  javascript://example.com/%0Aalert(1)', webPageMessage],
    ['data:text/html,<script>alert(1)</script>', webPageMessage],
    ['vbscript:msgbox("x")', webPageMessage],
    ['file:///etc/passwd', webPageMessage],
    ['mailto:name@example.com', webPageMessage],
    ['tel:+15551234567', webPageMessage],
    ['localhost:3000/book.html', webPageMessage],
    ['example', domainMessage],
    ['https://localhost', domainMessage],
    ['https://localhost/book.html', domainMessage],
    ['https://.com', domainMessage],
    ['https:///example.com', domainMessage],
    ['https://example%2Ecom', domainMessage],
    ['https://exa mple.com', /does not look like a web address/],
    ['http://', domainMessage],
    ['https://user@example.com', /user name or password/],
    ['https://user:secret@example.com/book', /user name or password/],
    ['https://:secret@example.com', /user name or password/],
    ['https://@example.com', /user name or password/],
    [`example.com/${'a'.repeat(2036)}`, /at most 2048 characters/],
  ])('refuses %j', (input, message) => {
    expect(expectRefused(destinationUrlSchema, input)).toMatch(message);
  });

  test('counts the length of the address it sends, with spaces encoded', () => {
    const input = `example.com/my${' '.repeat(700)}book`;
    expect(input.length).toBeLessThan(2048);
    expect(expectRefused(destinationUrlSchema, input)).toMatch(/at most 2048 characters/);
  });

  test('accepts exactly 2048 characters after adding https://', () => {
    const input = `example.com/${'a'.repeat(2048 - 'https://example.com/'.length)}`;
    expectAccepted(destinationUrlSchema, input, `https://${input}`);
  });

  test('never accepts javascript:, data: or vbscript: in any letter case', () => {
    const dangerousPrefix = fc.mixedCase(fc.constantFrom('javascript:', 'data:', 'vbscript:'));
    const suffix = fc.oneof(
      fc.string(),
      fc.webUrl(),
      fc.constantFrom('alert(1)', '//example.com/', '1/example.com', 'text/html,x.y'),
    );
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(' ', '\t', '\n') }),
        dangerousPrefix,
        suffix,
        (space, prefix, rest) => {
          expect(isAccepted(destinationUrlSchema, `${space}${prefix}${rest}`)).toBe(false);
        },
      ),
      { numRuns: 500 },
    );
  });

  test('never accepts a web address with a user name', () => {
    const userName = fc.string({
      unit: fc.constantFrom(...Array.from('abcXYZ019-._~')),
      minLength: 1,
    });
    fc.assert(
      fc.property(
        fc.constantFrom('http', 'https', 'ftp', 'ftps', 'HTTPS'),
        userName,
        fc.option(fc.string({ unit: fc.constantFrom(...Array.from('abc123')), minLength: 1 })),
        fc.domain(),
        fc.webPath(),
        (scheme, user, password, host, path) => {
          const credentials = password === null ? user : `${user}:${password}`;
          const url = `${scheme}://${credentials}@${host}${path}`;
          expect(isAccepted(destinationUrlSchema, url)).toBe(false);
        },
      ),
      { numRuns: 500 },
    );
  });

  test('accepts any plain web address and returns it as the URL standard writes it', () => {
    fc.assert(
      fc.property(fc.webUrl({ withQueryParameters: true, withFragments: true }), (url) => {
        fc.pre(/^[^.]+\..+$/.test(new URL(url).hostname));
        expectAccepted(destinationUrlSchema, url, new URL(url).href);
      }),
    );
  });
});

describe('normalizeVanityCode', () => {
  test.each([
    ['my-book', 'my-book'],
    [' my book ', 'mybook'],
    ['m y\tb\no o k', 'mybook'],
    ['   ', ''],
  ])('%j → %j', (input, output) => {
    expect(normalizeVanityCode(input)).toBe(output);
  });
});

describe('vanityCodeSchema', () => {
  test('its limits are 3 and 22 characters', () => {
    expect(VANITY_CODE_MIN_LENGTH).toBe(3);
    expect(VANITY_CODE_MAX_LENGTH).toBe(22);
  });

  test.each([
    ['', ''],
    ['   ', ''],
    ['abc', 'abc'],
    ['My_Book-2', 'My_Book-2'],
    [' my book ', 'mybook'],
    ['a'.repeat(22), 'a'.repeat(22)],
    [`${'a'.repeat(11)} ${'b'.repeat(11)}`, `${'a'.repeat(11)}${'b'.repeat(11)}`],
    ['---', '---'],
  ])('accepts %j as %j', (input, output) => {
    expectAccepted(vanityCodeSchema, input, output);
  });

  test.each([
    ['ab', /at least 3 characters/],
    ['a b', /at least 3 characters/],
    ['a'.repeat(23), /at most 22 characters/],
    ['my.book', /letters, digits, hyphens/],
    ['my/book', /letters, digits, hyphens/],
    ['bücher', /letters, digits, hyphens/],
    ['a?', /letters, digits, hyphens/],
  ])('refuses %j', (input, message) => {
    expect(expectRefused(vanityCodeSchema, input)).toMatch(message);
  });

  const alphabet = Array.from('abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_');

  test('accepts a string over its alphabet exactly when it has 3 to 22 characters', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(...alphabet), minLength: 1, maxLength: 40 }),
        (code) => {
          const inRange =
            code.length >= VANITY_CODE_MIN_LENGTH && code.length <= VANITY_CODE_MAX_LENGTH;
          expect(isAccepted(vanityCodeSchema, code)).toBe(inRange);
        },
      ),
      { numRuns: 500 },
    );
  });

  test('refuses any string with a character outside its alphabet', () => {
    const outsider = fc
      .string({ unit: 'grapheme', minLength: 1, maxLength: 1 })
      .filter((char) => !alphabet.includes(char) && !/\s/.test(char));
    const part = fc.string({ unit: fc.constantFrom(...alphabet), maxLength: 12 });
    fc.assert(
      fc.property(part, outsider, part, (before, char, after) => {
        expect(isAccepted(vanityCodeSchema, `${before}${char}${after}`)).toBe(false);
      }),
      { numRuns: 500 },
    );
  });

  test('the taken message is the exact text the author is shown', () => {
    expect(VANITY_CODE_TAKEN_MESSAGE).toBe(
      'Sorry, that url is already taken. Please try another one.',
    );
  });
});

describe('deviceMakerTokenSchema', () => {
  test.each([
    ['1abc', '1abc'],
    ['  1l5Xy  ', '1l5Xy'],
    ['1', '1'],
    [`1${'a'.repeat(63)}`, `1${'a'.repeat(63)}`],
  ])('accepts %j as %j', (input, output) => {
    expectAccepted(deviceMakerTokenSchema, input, output);
  });

  test.each([
    ['2abc', /start with 1/],
    ['abc1', /start with 1/],
    ['', /start with 1/],
    ['   ', /start with 1/],
    [`1${'a'.repeat(64)}`, /at most 64 characters/],
  ])('refuses %j', (input, message) => {
    expect(expectRefused(deviceMakerTokenSchema, input)).toMatch(message);
  });
});
