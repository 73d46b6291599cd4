// The app's destination and e-mail rules and the contract's `DestinationUrl` and `Email` schemas
// are one rule each: what the app sends, the contract accepts, and what the contract refuses, the
// app refuses too.
import { Ajv2020 } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import * as v from 'valibot';
import { describe, expect, test } from 'vitest';
import { parse } from 'yaml';

import { destinationUrlSchema, emailSchema } from '@/lib/validation-rules';

const contract = parse(readFileSync('openapi/openapi.yaml', 'utf8')) as {
  components: { schemas: Record<'DestinationUrl' | 'Email', object> };
};

// The whole schema, not only its pattern: its lengths and any format count as well.
const ajv = new Ajv2020();
addFormats(ajv);
const contractAcceptsUrl = ajv.compile<string>(contract.components.schemas.DestinationUrl);
const contractAcceptsEmail = ajv.compile<string>(contract.components.schemas.Email);

/** What the app sends for a typed value, or null when it refuses the value. */
function appSends(schema: v.GenericSchema<string, string>, typed: string): string | null {
  const result = v.safeParse(schema, typed);
  return result.success ? result.output : null;
}

describe('destination addresses', () => {
  // [as typed, what the app sends (null: refused), whether the contract accepts it as typed]
  test.each<[string, string | null, boolean]>([
    [
      'https://books.apple.com/us/book/the-salt-orchard/id1623456789',
      'https://books.apple.com/us/book/the-salt-orchard/id1623456789',
      true,
    ],
    // The contract takes an address only as the URL standard writes it; the app sends that form.
    ['HTTPS://EXAMPLE.COM/x', 'https://example.com/x', false],
    ['https://bücher.de/x', 'https://xn--bcher-kva.de/x', true],
    ['https://example.com?x=1', 'https://example.com/?x=1', true],
    ['https://example.com#top', 'https://example.com/#top', true],
    ['https://example.com:8080/x', 'https://example.com:8080/x', true],
    ['http://mayaokafor.com', 'http://mayaokafor.com/', true],
    [
      'https://uk.bookshop.org/p/books/low-tide-high-sky/7712345?aid=1234&utm_source=ig',
      'https://uk.bookshop.org/p/books/low-tide-high-sky/7712345?aid=1234&utm_source=ig',
      true,
    ],
    ['www.amazon.co.uk/dp/1668012448', 'https://www.amazon.co.uk/dp/1668012448', false],
    [
      'https://www.kobo.com/ca/en/ebook/stillwater almanac',
      'https://www.kobo.com/ca/en/ebook/stillwater%20almanac',
      false,
    ],
    ['ftp://files.example.com/book.epub', null, false],
    ['ftps://files.example.com/book.epub', null, false],
    ['https://maya:secret@example.com/book', null, false],
    ['https://@example.com', null, false],
    ['https://localhost:3000/book', null, false],
    ['https:///example.com', null, false],
    ['https://exa mple.com', null, false],
    ['javascript:alert(document.cookie)', null, false],
    ['mailto:maya@example.com', null, false],
  ])('%j: the app sends %j; the contract accepts it as typed: %j', (typed, sent, typedOk) => {
    expect(appSends(destinationUrlSchema, typed)).toBe(sent);
    if (sent !== null) expect(contractAcceptsUrl(sent)).toBe(true);
    expect(contractAcceptsUrl(typed)).toBe(typedOk);
  });

  const scheme = fc.mixedCase(
    fc.constantFrom('http', 'https', 'ftp', 'ftps', 'javascript', 'file', 'ws', 'mailto'),
  );
  const separator = fc.constantFrom('://', '://', '://', ':', ':/', ':///', '://\\');
  const credentials = fc.constantFrom('', '', '', 'maya@', 'maya:secret@', '@', ':@');
  const host = fc.oneof(
    fc.domain(),
    fc.constantFrom(
      'bücher.de',
      'MÜNCHEN.example',
      'xn--bcher-kva.de',
      '192.168.0.1',
      '2130706433',
      '[::1]',
      'localhost',
      '.com',
      'example.',
      'example%2Ecom',
      'exa<mple.com',
      'example\\.com',
      '',
    ),
  );
  const port = fc.constantFrom('', '', ':8080', ':', ':99999', ':80x');
  const rest = fc.oneof(
    fc.webPath(),
    fc.webQueryParameters().map((query) => `?${query}`),
    fc.webFragments().map((fragment) => `#${fragment}`),
    fc.constantFrom('', '/a@b', '/a b', '\\shelf', '/%zz', '/bücher'),
  );
  const candidateUrl = fc
    .tuple(scheme, separator, credentials, host, port, rest)
    .map((parts) => parts.join(''));

  test('every address the app accepts is sent in a form the contract accepts', () => {
    const typed = fc.oneof(
      candidateUrl,
      candidateUrl.map((url) => url.replace(/^[a-z]+:\/\//i, '')),
      fc.webUrl({ withQueryParameters: true, withFragments: true }),
      fc.string({ unit: 'grapheme' }),
    );
    fc.assert(
      fc.property(typed, fc.constantFrom('', ' ', '\t'), (url, padding) => {
        const sent = appSends(destinationUrlSchema, `${padding}${url}${padding}`);
        if (sent !== null) expect(contractAcceptsUrl(sent)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  test('every address with a scheme and no whitespace that the contract refuses as browsers write it, the app refuses', () => {
    const wireShaped = candidateUrl.filter((url) => !/\s/.test(url));
    fc.assert(
      fc.property(wireShaped, (url) => {
        const written = URL.parse(url)?.href ?? url;
        if (!contractAcceptsUrl(written)) expect(appSends(destinationUrlSchema, url)).toBeNull();
      }),
      { numRuns: 2000 },
    );
  });
});

describe('e-mail addresses', () => {
  test.each<[string, string | null]>([
    ['maya.okafor@example.com', 'maya.okafor@example.com'],
    ['  maya.okafor@example.com\t', 'maya.okafor@example.com'],
    ['first.last+tag@mail.example.co.uk', 'first.last+tag@mail.example.co.uk'],
    ['ines.duarte@shelflink.app', 'ines.duarte@shelflink.app'],
    ['josé@correo.example.es', 'josé@correo.example.es'],
    ['maya@bücher.de', 'maya@bücher.de'],
    ['maya..okafor@example.com', 'maya..okafor@example.com'],
    ['maya@example.com.', 'maya@example.com.'],
    [`${'a'.repeat(242)}@example.com`, `${'a'.repeat(242)}@example.com`],
    [`${'a'.repeat(243)}@example.com`, null],
    ['"maya okafor"@example.com', null],
    ['maya@localhost', null],
    ['maya@example', null],
    ['maya@@example.com', null],
    ['maya@.com', null],
    ['@example.com', null],
    ['maya@exa mple.com', null],
    ['maya@example.com,x', null],
    ['x,maya@example.com', null],
    ['"maya"@example.com', null],
    ['Maya <maya@example.com>', null],
    ['maya@example.com;jonah@example.com', null],
  ])('%j: the app sends %j, and the contract agrees', (typed, sent) => {
    expect(appSends(emailSchema, typed)).toBe(sent);
    expect(contractAcceptsEmail(typed.trim())).toBe(sent !== null);
  });

  // Addresses stay well under the 254 limit, which the table checks: the app counts UTF-16 code
  // units and JSON Schema counts code points, so only there could astral characters tell them apart.
  test('the app accepts an address exactly when the contract accepts it trimmed', () => {
    const part = fc.string({
      unit: fc.oneof(
        fc.constantFrom('a', 'Z', '0', '.', '+', '-', '_', '@', ' ', '\t', '\n', 'é', 'ü', '中'),
        fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }),
      ),
      maxLength: 20,
    });
    const address = fc
      .tuple(part, fc.constantFrom('@', ''), part, fc.constantFrom('.', ''), part)
      .map((pieces) => pieces.join(''));
    fc.assert(
      fc.property(address, (typed) => {
        const sent = appSends(emailSchema, typed);
        if (sent !== null) expect(sent).toBe(typed.trim());
        expect(contractAcceptsEmail(typed.trim())).toBe(sent !== null);
      }),
      { numRuns: 2000 },
    );
  });
});
