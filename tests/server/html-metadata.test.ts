import { describe, expect, test } from 'vitest';
import { readHtmlMetadata } from '../../src/server/products/html-metadata';

const mib = 1024 * 1024;
const nothing = { meta: new Map(), linkedData: [], title: undefined };

describe('a page that never closes what it opens', () => {
  test.each([
    '<meta ',
    '<meta content="',
    "<meta name='",
    '<script',
    '<script type="application/ld+json">',
    '<title',
    '<title>',
    '<!--',
  ])('1 MiB of "%s" says nothing', (fragment) => {
    const page = fragment.repeat(Math.ceil(mib / fragment.length));

    expect(readHtmlMetadata(page)).toEqual(nothing);
  });

  test('1 MiB of one attribute name says nothing', () => {
    expect(readHtmlMetadata(`<meta ${'a'.repeat(mib)}>`)).toEqual(nothing);
  });

  test.each([
    '<meta name="author" content="Ann',
    '<meta name="author"',
    '<script type="application/ld+json">{ "@type": "Person" }',
    '<title>Another title',
  ])('keeps what came before "%s"', (unclosed) => {
    const page = `<meta property="og:title" content="Copper &amp; Ash">
      <title>Copper &amp; Ash</title>
      <script type="application/ld+json">{ "@type": "Book", "name": "Copper & Ash" }</script>
      ${unclosed}`;

    expect(readHtmlMetadata(page)).toEqual({
      meta: new Map([['og:title', 'Copper & Ash']]),
      linkedData: [{ '@type': 'Book', name: 'Copper & Ash' }],
      title: 'Copper & Ash',
    });
  });
});

test('a quoted ">" does not end a tag', () => {
  const page = `<meta property="og:title" content="Fish > Chips">
    <meta content='Ann "the Reader" > Ben' name=author>
    <script data-note="a>b" type="application/ld+json">{ "@type": "Book" }</script>`;

  expect(readHtmlMetadata(page)).toMatchObject({
    meta: new Map([
      ['og:title', 'Fish > Chips'],
      ['author', 'Ann "the Reader" > Ben'],
    ]),
    linkedData: [{ '@type': 'Book' }],
  });
});

test('tag and attribute names in any case, the first of each name kept', () => {
  const page = `<META NAME="Author" CONTENT=Ann><meta name="author" content="Ben">`;

  expect(readHtmlMetadata(page).meta).toEqual(new Map([['author', 'Ann']]));
});

test('tags and the title come from the head, JSON-LD from anywhere', () => {
  const page = `<html><head><title>The page</title></head>
    <body>
      <svg><title>An icon</title></svg>
      <meta property="og:title" content="In the body">
      <script type="application/ld+json">{ "@type": "Book", "name": "Copper & Ash" }</script>
    </body></html>`;

  expect(readHtmlMetadata(page)).toEqual({
    meta: new Map(),
    linkedData: [{ '@type': 'Book', name: 'Copper & Ash' }],
    title: 'The page',
  });
});

describe('comments', () => {
  test('hide the tags inside them', () => {
    const page = `<!-- <meta property="og:title" content="Old"> <title>Old</title> -->
      <meta property="og:title" content="New"><title>New</title>`;

    expect(readHtmlMetadata(page)).toMatchObject({
      meta: new Map([['og:title', 'New']]),
      title: 'New',
    });
  });

  test('that never close hide nothing', () => {
    const page = `<script>document.write('<!--');</script>
      <meta property="og:title" content="Shown">`;

    expect(readHtmlMetadata(page).meta).toEqual(new Map([['og:title', 'Shown']]));
  });
});

test('JSON-LD nested in @graphs is read whole, in document order', () => {
  const depth = 100_000;
  const levels = Array.from({ length: depth }, (_, level) => `{ "name": "${level}", "@graph": [`);
  const json = `${levels.join('')}{ "name": "${depth}" }${']}'.repeat(depth)}`;

  const { linkedData } = readHtmlMetadata(`<script type="application/ld+json">${json}</script>`);

  expect(linkedData.map(({ name }) => name)).toEqual(
    Array.from({ length: depth + 1 }, (_, level) => String(level)),
  );
});
