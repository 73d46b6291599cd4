import { readFile } from 'node:fs/promises';
import { expect, test } from 'vitest';
import { readProductPage } from '../../src/server/products/product-page';

function fixture(name: string) {
  return readFile(new URL(`fixtures/products/pages/${name}`, import.meta.url), 'utf8');
}

test('a bookshop page: schema.org Book in a @graph before Open Graph', async () => {
  const html = await fixture('glass-cartographer.html');
  const pageUrl = new URL('https://www.lanternfishbooks.co.uk/book/the-glass-cartographer');

  expect(readProductPage(html, pageUrl)).toEqual({
    title: 'The Glass Cartographer',
    author: 'Odile Marchand',
    coverImageUrl: 'https://cdn.lanternfishbooks.co.uk/covers/9780316498722-1200.jpg',
    isbn: '978-0-316-49872-2',
    siteName: 'Lanternfish Books',
  });
});

test('a publisher page with Open Graph only: entities decoded, images made absolute', async () => {
  const html = (await fixture('harbour-lights.html')).replace(
    /<meta[^>]*og:image:secure_url[^>]*>/,
    '',
  );
  const pageUrl = new URL('https://corriganhale.example/books/harbour-lights/');

  expect(readProductPage(html, pageUrl)).toEqual({
    title: 'Harbour Lights at Dunmore – Corrigan & Hale',
    author: 'Niamh Corrigan',
    coverImageUrl:
      'https://corriganhale.example/wp-content/uploads/2025/04/harbour-lights-cover.jpg',
    isbn: undefined,
    siteName: 'Corrigan & Hale',
  });
});

test('a Product with its people and images given as lists', () => {
  const html = `<script type="application/ld+json">[
    { "@type": ["Product", "Book"], "name": "Copper & Ash",
      "author": ["Lena Hartwig", { "@type": "Person", "name": "Tomas Berg" }],
      "image": ["https://img.example.com/copper.jpg", "https://img.example.com/copper-2.jpg"],
      "gtin13": "9781744239079" }
  ]</script>`;

  expect(readProductPage(html, new URL('https://shop.example.com/copper'))).toMatchObject({
    title: 'Copper & Ash',
    author: 'Lena Hartwig, Tomas Berg',
    coverImageUrl: 'https://img.example.com/copper.jpg',
    isbn: '9781744239079',
  });
});

test('a page that names nothing is no product', () => {
  const html = '<html><head><script type="application/ld+json">{ not json</script></head></html>';

  expect(readProductPage(html, new URL('https://shop.example.com/'))).toBeUndefined();
});
