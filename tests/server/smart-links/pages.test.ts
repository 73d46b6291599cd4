// @vitest-environment jsdom
// jsdom for its DOMParser only: the pages are plain strings, and the assertions read their structure.
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  renderAllStoresPage,
  renderCollectionPage,
  type AllStoresPageInput,
  type CollectionBook,
  type CollectionPageInput,
} from '../../../src/server/smart-links/pages/store-pages';
import {
  renderLinkDisabledPage,
  renderLinkEndedPage,
  renderLinkRemovedPage,
  renderNotFoundPage,
} from '../../../src/server/smart-links/pages/status-pages';

const appOrigin = 'https://shelflink.example';

const sevenStores = [
  { storeId: 'amazon', name: 'Amazon' },
  { storeId: 'apple-books', name: 'Apple Books' },
  { storeId: 'kobo', name: 'Kobo' },
  { storeId: 'barnes-noble', name: 'Barnes & Noble' },
  { storeId: 'bookshop-org', name: 'Bookshop.org' },
  { storeId: 'google-play', name: 'Google Play' },
  { storeId: 'local', name: 'Lanternfish Books' },
];

function bookPage(overrides: Partial<AllStoresPageInput> = {}): AllStoresPageInput {
  return {
    title: 'The Glass Cartographer',
    author: 'Odile Marchand',
    coverImageUrl: 'https://covers.example/glass-cartographer.jpg',
    stores: sevenStores,
    choosePath: '/glass/choose',
    appOrigin,
    ...overrides,
  };
}

function collectionBook(index: number, overrides: Partial<CollectionBook> = {}): CollectionBook {
  return {
    linkCode: `book${index}`,
    title: `Harbour Lights at Dunmore, volume ${index}`,
    author: 'Niamh Corrigan',
    coverImageUrl: `https://covers.example/harbour-lights-${index}.jpg`,
    stores: sevenStores,
    ...overrides,
  };
}

function collectionPage(overrides: Partial<CollectionPageInput> = {}): CollectionPageInput {
  return {
    title: 'The Dunmore Mysteries',
    cover: null,
    books: [collectionBook(1), collectionBook(2)],
    choosePath: '/c/dunmore/choose',
    appOrigin,
    ...overrides,
  };
}

function parse(html: string): Document {
  return new DOMParser().parseFromString(html, 'text/html');
}

function one(document: Document | Element, selector: string): Element {
  const elements = document.querySelectorAll(selector);
  expect(elements, selector).toHaveLength(1);
  return elements[0] as Element;
}

function contrastRatio(foreground: string, background: string): number {
  const luminance = (hex: string) => {
    const [red, green, blue] = [1, 3, 5].map((start) => {
      const channel = parseInt(hex.slice(start, start + 2), 16) / 255;
      return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
  };
  const [lighter, darker] = [luminance(foreground), luminance(background)].sort(
    (a, b) => b - a,
  ) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

function tileColours(tile: Element): { background: string; text: string } {
  const match = /^background:(#[0-9a-f]{6});color:(#[0-9a-f]{6})$/.exec(
    tile.getAttribute('style') ?? '',
  );
  expect(match, 'the tile sets its two colours inline').not.toBeNull();
  return { background: match?.[1] ?? '', text: match?.[2] ?? '' };
}

describe('every page', () => {
  const pages = {
    'all stores': renderAllStoresPage(bookPage()),
    collection: renderCollectionPage(collectionPage()),
    'not found': renderNotFoundPage({ appOrigin }),
    'link disabled': renderLinkDisabledPage({ appOrigin, reason: 'reportUpheld' }),
    'link disabled for abuse': renderLinkDisabledPage({ appOrigin, reason: 'abuse' }),
    'link removed': renderLinkRemovedPage({ appOrigin }),
    'link ended': renderLinkEndedPage({ appOrigin }),
  };

  test.each(Object.entries(pages))('%s: a complete, script-free document', (_name, html) => {
    expect(html.startsWith('<!doctype html>\n<html lang="en">')).toBe(true);
    const document = parse(html);
    expect(one(document, 'head > meta[charset]').getAttribute('charset')).toBe('utf-8');
    expect(one(document, 'meta[name="viewport"]').getAttribute('content')).toBe(
      'width=device-width, initial-scale=1',
    );
    expect(one(document, 'title').textContent).not.toBe('');
    expect(one(document, 'meta[name="description"]').getAttribute('content')).not.toBe('');
    one(document, 'h1');
    one(document, 'body > main');
    one(document, 'body > footer');
    expect(document.querySelectorAll('script, link[rel="stylesheet"], iframe')).toHaveLength(0);
    const handlers = [...document.querySelectorAll('*')].flatMap((element) =>
      element.getAttributeNames().filter((name) => name.startsWith('on')),
    );
    expect(handlers).toEqual([]);
    const shelflink = one(document, 'footer a[href="https://shelflink.example/"]');
    expect(shelflink.textContent).toBe('Smart link by Shelflink');
  });

  test('the stylesheet keeps 4.5:1 text contrast in the light and the dark scheme', () => {
    const stylesheet = parse(pages['all stores']).querySelector('style')?.textContent ?? '';
    const schemes = [...stylesheet.matchAll(/:root\{([^}]*)\}/g)].map(
      ([, declarations]) =>
        new Map(
          [...(declarations ?? '').matchAll(/--([a-z-]+):(#[0-9a-f]{6})/g)].map(
            ([, name, value]) => [name, value] as [string, string],
          ),
        ),
    );
    expect(schemes).toHaveLength(2);
    expect(stylesheet).toContain('@media (prefers-color-scheme:dark){:root{');
    for (const colours of schemes) {
      const pairs = [
        ['text', 'bg'],
        ['muted', 'bg'],
        ['link', 'bg'],
        ['accent-text', 'accent'],
        ['accent-text', 'accent-hover'],
      ];
      for (const [foreground = '', background = ''] of pairs) {
        const ratio = contrastRatio(colours.get(foreground) ?? '', colours.get(background) ?? '');
        expect(ratio, `${foreground} on ${background}`).toBeGreaterThanOrEqual(4.5);
      }
    }
  });

  test('the stylesheet gives tap targets 48px and shows keyboard focus', () => {
    const stylesheet = parse(pages['all stores']).querySelector('style')?.textContent ?? '';
    expect(stylesheet).toMatch(/\.stores button\{[^}]*min-height:48px/);
    expect(stylesheet).toMatch(/\.remember\{[^}]*min-height:48px/);
    expect(stylesheet).toMatch(/:focus-visible\{outline:3px solid/);
  });
});

describe('the all-stores page', () => {
  test('names the book in its title, description and heading', () => {
    const document = parse(renderAllStoresPage(bookPage()));
    expect(document.title).toBe('The Glass Cartographer by Odile Marchand: choose your store');
    expect(one(document, 'meta[name="description"]').getAttribute('content')).toBe(
      'Get The Glass Cartographer by Odile Marchand from Amazon, Apple Books, Kobo, Barnes & Noble, Bookshop.org, Google Play, Lanternfish Books. Pick the store you like best.',
    );
    expect(one(document, 'h1').textContent).toBe('The Glass Cartographer');
    expect(one(document, '.author').textContent).toBe('by Odile Marchand');
    expect(document.querySelector('meta[name="robots"]')).toBeNull();
  });

  test('leaves out the byline when the author is not known', () => {
    const document = parse(renderAllStoresPage(bookPage({ author: ' ' })));
    expect(document.querySelector('.author')).toBeNull();
    expect(document.title).toBe('The Glass Cartographer: choose your store');
  });

  test('escapes every value it is given', () => {
    const title = `<script>alert("owned")</script> & 'Friends'`;
    const author = `"Eve" <img src=x onerror=alert(1)>`;
    const coverImageUrl = `https://covers.example/a.jpg?x="><script>alert(1)</script>`;
    const choosePath = `/abc/choose?next="><b>bold</b>`;
    const stores = [{ storeId: `amazon"><i>x</i>`, name: `<em>Amazon</em>` }];
    const html = renderAllStoresPage(
      bookPage({ title, author, coverImageUrl, choosePath, stores }),
    );

    expect(html).not.toMatch(/<script|<img src=x|<b>|<i>|<em>/);
    expect(html).toContain(
      '&lt;script&gt;alert(&quot;owned&quot;)&lt;/script&gt; &amp; &#39;Friends&#39;',
    );
    const document = parse(html);
    expect(document.querySelectorAll('script, b, i, em')).toHaveLength(0);
    expect(one(document, 'h1').textContent).toBe(title);
    expect(document.title).toBe(`${title} by ${author}: choose your store`);
    expect(one(document, '.author').textContent).toBe(`by ${author}`);
    expect(one(document, 'img').getAttribute('src')).toBe(coverImageUrl);
    expect(one(document, 'img').getAttribute('alt')).toBe(`Cover of ${title}`);
    expect(one(document, 'form').getAttribute('action')).toBe(choosePath);
    const button = one(document, 'button');
    expect(button.getAttribute('value')).toBe(stores[0]?.storeId);
    expect(button.textContent).toBe(stores[0]?.name);
  });

  test('posts the chosen store, and the remember box when ticked, to the choose path', () => {
    const document = parse(renderAllStoresPage(bookPage()));
    const form = one(document, 'form');
    expect(form.getAttribute('method')).toBe('post');
    expect(form.getAttribute('action')).toBe('/glass/choose');

    const buttons = [...form.querySelectorAll('ul.stores > li > button')];
    expect(document.querySelectorAll('button')).toHaveLength(buttons.length);
    expect(
      buttons.map((button) => ({
        type: button.getAttribute('type'),
        name: button.getAttribute('name'),
        value: button.getAttribute('value'),
        accessibleName: button.textContent,
      })),
    ).toEqual(
      sevenStores.map((store) => ({
        type: 'submit',
        name: 'store',
        value: store.storeId,
        accessibleName: store.name,
      })),
    );

    const checkbox = one(form, 'input');
    expect(checkbox.getAttribute('type')).toBe('checkbox');
    expect(checkbox.getAttribute('name')).toBe('remember');
    expect(checkbox.getAttribute('value')).toBe('1');
    expect(checkbox.hasAttribute('checked')).toBe(false);
    const label = one(document, `label[for="${checkbox.id}"]`);
    expect(label.textContent).toBe('Remember my store');
    const hint = document.getElementById(checkbox.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toContain('cookie');
  });

  test('shows a sized https cover with alt text', () => {
    const document = parse(renderAllStoresPage(bookPage()));
    const cover = one(document, 'img');
    expect(cover.getAttribute('src')).toBe('https://covers.example/glass-cartographer.jpg');
    expect(cover.getAttribute('alt')).toBe('Cover of The Glass Cartographer');
    expect([cover.getAttribute('width'), cover.getAttribute('height')]).toEqual(['200', '300']);
    expect(cover.getAttribute('loading')).toBeNull();
    expect(document.querySelector('.tile')).toBeNull();
  });

  test.each([
    ['no cover', null],
    ['an http cover', 'http://covers.example/glass.jpg'],
    ['a javascript: address', 'javascript:alert(1)'],
    ['a data: address', 'data:image/png;base64,AAAA'],
    ['a protocol-relative address', '//covers.example/glass.jpg'],
    ['not an address', 'glass.jpg'],
  ])('draws the title tile for %s', (_case, coverImageUrl) => {
    const document = parse(renderAllStoresPage(bookPage({ coverImageUrl })));
    expect(document.querySelector('img')).toBeNull();
    const tile = one(document, '.tile');
    expect(tile.textContent).toBe('The Glass Cartographer');
    expect(tile.getAttribute('aria-hidden')).toBe('true');
    tileColours(tile);
  });

  test('gives the same title the same tile colour every time', () => {
    const tileOf = (title: string) =>
      one(parse(renderAllStoresPage(bookPage({ title, coverImageUrl: null }))), '.tile');
    expect(tileColours(tileOf('Harbour Lights'))).toEqual(tileColours(tileOf('Harbour Lights')));
    const backgrounds = new Set(
      ['Harbour Lights', 'The Glass Cartographer', 'Salt and Saffron', 'Night Ferry'].map(
        (title) => tileColours(tileOf(title)).background,
      ),
    );
    expect(backgrounds.size).toBeGreaterThan(1);
  });

  test('tile text contrasts at least 4.5:1 with the tile, whatever the title', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 80 }), (title) => {
        const html = renderAllStoresPage(bookPage({ title, coverImageUrl: null }));
        const { background, text } = tileColours(one(parse(html), '.tile'));
        expect(contrastRatio(text, background)).toBeGreaterThanOrEqual(4.5);
      }),
      { numRuns: 300 },
    );
  });

  test('stays under 15 KB for a long title and seven stores', () => {
    const html = renderAllStoresPage(
      bookPage({
        title:
          'The Extraordinary and Thoroughly Unlikely Voyage of the Glass Cartographer, Being a True Account of the Mapping of the Northern Archipelago'.repeat(
            2,
          ),
        author: 'Odile Marchand-Featherstonehaugh and Bartholomew Quillfeather',
        coverImageUrl: `https://covers.example/${'c'.repeat(200)}.jpg`,
      }),
    );
    expect(Buffer.byteLength(html)).toBeLessThan(15 * 1024);
  });
});

describe('the collection page', () => {
  test('names the collection and lists each book with its byline', () => {
    const document = parse(renderCollectionPage(collectionPage()));
    expect(document.title).toBe('The Dunmore Mysteries: books and where to buy them');
    expect(one(document, 'meta[name="description"]').getAttribute('content')).toBe(
      'The Dunmore Mysteries: Harbour Lights at Dunmore, volume 1, Harbour Lights at Dunmore, volume 2. Pick the store you like best for each book.',
    );
    expect(one(document, 'h1').textContent).toBe('The Dunmore Mysteries');
    const rows = [...document.querySelectorAll('ol.books > li')];
    expect(rows.map((row) => one(row, 'h2').textContent)).toEqual([
      'Harbour Lights at Dunmore, volume 1',
      'Harbour Lights at Dunmore, volume 2',
    ]);
    expect(rows.map((row) => one(row, '.author').textContent)).toEqual([
      'by Niamh Corrigan',
      'by Niamh Corrigan',
    ]);
  });

  test('posts `{linkCode}:{storeId}` from one form with one remember box', () => {
    const document = parse(renderCollectionPage(collectionPage()));
    const form = one(document, 'form');
    expect(form.getAttribute('method')).toBe('post');
    expect(form.getAttribute('action')).toBe('/c/dunmore/choose');
    const checkbox = one(form, 'input[type="checkbox"]');
    expect([checkbox.getAttribute('name'), checkbox.getAttribute('value')]).toEqual([
      'remember',
      '1',
    ]);
    expect(one(document, `label[for="${checkbox.id}"]`).textContent).toBe('Remember my store');

    const buttons = [...form.querySelectorAll('button')];
    expect(buttons.map((button) => button.getAttribute('value'))).toEqual(
      ['book1', 'book2'].flatMap((code) => sevenStores.map((store) => `${code}:${store.storeId}`)),
    );
    for (const button of buttons) {
      expect([button.type, button.name]).toEqual(['submit', 'store']);
      const [code] = (button.getAttribute('value') ?? '').split(':');
      const book = document.getElementById(button.getAttribute('aria-describedby') ?? '');
      expect(book?.textContent).toBe(`Harbour Lights at Dunmore, volume ${(code ?? '').slice(4)}`);
    }
  });

  test('uses small sized covers, lazy below the first rows, and tiles for the rest', () => {
    const books = [1, 2, 3, 4, 5].map((index) => collectionBook(index));
    books.push(collectionBook(6, { coverImageUrl: 'http://covers.example/six.jpg' }));
    const document = parse(renderCollectionPage(collectionPage({ books })));
    const covers = [...document.querySelectorAll('img')];
    expect(covers.map((cover) => cover.getAttribute('loading'))).toEqual([
      'eager',
      'eager',
      'eager',
      'lazy',
      'lazy',
    ]);
    for (const cover of covers) {
      expect([cover.getAttribute('width'), cover.getAttribute('height')]).toEqual(['64', '96']);
      expect(cover.alt).toMatch(/^Cover of Harbour Lights/);
    }
    const tile = one(document, '.tile');
    expect(tile.textContent).toBe('Harbour Lights at Dunmore, volume 6');
  });

  test('escapes the collection and its books', () => {
    const title = `<script>alert('x')</script> "Picks"`;
    const html = renderCollectionPage(
      collectionPage({ title, books: [collectionBook(1, { title, linkCode: `a"b` })] }),
    );
    expect(html).not.toContain('<script');
    const document = parse(html);
    expect(one(document, 'h1').textContent).toBe(title);
    expect(one(document, 'h2').textContent).toBe(title);
    expect(document.querySelector('button')?.getAttribute('value')).toBe('a"b:amazon');
  });

  test('shows the collection’s own cover above its title, at its stored size, escaped', () => {
    const cover = {
      url: 'http://127.0.0.1:3000/api/v2/images/img_box/file?a="b"',
      alt: 'The Dunmore Mysteries <box set>',
      width: 1200,
      height: 800,
    };
    const document = parse(renderCollectionPage(collectionPage({ cover })));
    const image = one(document, 'main > img.collection-cover');
    expect(image.nextElementSibling?.tagName).toBe('H1');
    expect(image.getAttribute('src')).toBe(cover.url);
    expect(image.getAttribute('alt')).toBe(cover.alt);
    expect([image.getAttribute('width'), image.getAttribute('height')]).toEqual(['1200', '800']);

    const unsized = parse(
      renderCollectionPage(collectionPage({ cover: { url: cover.url, alt: '' } })),
    );
    const unsizedImage = one(unsized, 'img.collection-cover');
    expect(unsizedImage.getAttribute('alt')).toBe('');
    expect(unsizedImage.hasAttribute('width')).toBe(false);
    expect(parse(renderCollectionPage(collectionPage())).querySelector('.collection-cover')).toBe(
      null,
    );
  });

  test('says so when the collection has no books yet', () => {
    const document = parse(renderCollectionPage(collectionPage({ books: [] })));
    expect(document.querySelector('form')).toBeNull();
    expect(one(document, 'main p').textContent).toContain('no books in this collection yet');
  });

  test('twelve books with seven stores each stay under 15 KB gzipped', () => {
    const books = Array.from({ length: 12 }, (_, index) =>
      collectionBook(index, {
        title: `The Extraordinary Voyage of the Glass Cartographer, part ${index} of a long series`,
        coverImageUrl:
          index % 2 === 0 ? null : `https://covers.example/${'c'.repeat(80)}-${index}.jpg`,
      }),
    );
    const html = renderCollectionPage(collectionPage({ books }));
    expect(gzipSync(html).byteLength).toBeLessThan(15 * 1024);
  });

  test('discloses that store links may earn the author a commission', () => {
    const document = parse(renderCollectionPage(collectionPage()));
    const disclosure = one(
      document,
      'footer a[href="https://shelflink.example/affiliate-disclosure"]',
    );
    expect(disclosure.parentElement?.textContent).toMatch(
      /^Links may earn the author a commission/,
    );
  });
});

describe('the status pages', () => {
  test('404 says the link does not exist and offers to make one', () => {
    const document = parse(renderNotFoundPage({ appOrigin }));
    expect(one(document, 'meta[name="robots"]').getAttribute('content')).toBe('noindex');
    expect(one(document, 'h1').textContent).toBe("We couldn't find this link");
    const create = one(document, 'main a');
    expect(create.textContent).toBe('Create your own smart link');
    expect(create.getAttribute('href')).toBe('https://shelflink.example/');
    expect(document.querySelector('a[href$="/affiliate-disclosure"]')).toBeNull();
  });

  test.each([
    ['reportUpheld', 'a reader reported a problem with it that we checked and confirmed'],
    ['destinationInvalid', 'the address it led to is not one we can send readers to'],
  ] as const)(
    '410 for %s explains why the link is switched off and that the author’s fix brings it back',
    (reason, why) => {
      const document = parse(renderLinkDisabledPage({ appOrigin, reason }));
      expect(one(document, 'meta[name="robots"]').getAttribute('content')).toBe('noindex');
      expect(one(document, 'h1').textContent).toBe('This link has been switched off');
      const explanation = one(document, 'main').textContent;
      expect(explanation).toContain(why);
      expect(explanation).toContain(
        'The author can fix it by giving it the right destination in their Shelflink dashboard, and then the link works again at once.',
      );
      expect(one(document, 'main a').getAttribute('href')).toBe('https://shelflink.example/');
      expect(document.querySelector('a[href$="/affiliate-disclosure"]')).toBeNull();
    },
  );

  test('410 for abuse says the link stays off, without offering the author’s fix', () => {
    const document = parse(renderLinkDisabledPage({ appOrigin, reason: 'abuse' }));
    const explanation = one(document, 'main').textContent;
    expect(explanation).toContain('used to mislead or harm readers');
    expect(explanation).not.toContain('The author can fix it');
  });

  test('410 pages say a deleted link was removed and an expired one has ended', () => {
    expect(one(parse(renderLinkRemovedPage({ appOrigin })), 'h1').textContent).toBe(
      'This link was removed',
    );
    expect(one(parse(renderLinkEndedPage({ appOrigin })), 'h1').textContent).toBe(
      'This link has ended',
    );
  });
});
