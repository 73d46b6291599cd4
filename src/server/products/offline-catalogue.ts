// A small catalogue of books, looked up by ISBN and by retailer address before the book services
// are asked: the demo, the tests and a machine without network all see real-looking books
// instead of an error. The titles and authors are the demo's own.
import type { BookIds } from './retailers';

export interface CatalogueBook {
  isbn13: string;
  /** Only 978-prefixed ISBNs have a 10-digit form, which is also their Amazon product id. */
  isbn10: string | null;
  title: string;
  author: string;
  publisher: string;
  publishedYear: number;
  /** The book's Amazon product id: its ISBN-10, or a Kindle ASIN for a 979 ISBN. */
  asin: string;
  appleBooksId: string;
  googlePlayId: string;
  /** Kobo and Bookshop.org address books by a slug of the title. */
  slug: string;
}

export const OFFLINE_CATALOGUE: readonly CatalogueBook[] = [
  {
    isbn13: '9781668012345',
    isbn10: '1668012340',
    title: 'The Salt Orchard',
    author: 'Maya Okafor',
    publisher: 'Harbourlight Press',
    publishedYear: 2024,
    asin: '1668012340',
    appleBooksId: '6447301128',
    googlePlayId: 'sAlT0rChArD1',
    slug: 'the-salt-orchard',
  },
  {
    isbn13: '9781250877413',
    isbn10: '1250877415',
    title: 'The Winter Orchard',
    author: 'Maya Okafor',
    publisher: 'Harbourlight Press',
    publishedYear: 2025,
    asin: '1250877415',
    appleBooksId: '6451190374',
    googlePlayId: 'wInTeR0rChRd',
    slug: 'the-winter-orchard',
  },
  {
    isbn13: '9781999234188',
    isbn10: '1999234189',
    title: "The Orchard Keeper's Almanac",
    author: 'Maya Okafor',
    publisher: 'Harbourlight Press',
    publishedYear: 2026,
    asin: '1999234189',
    appleBooksId: '6460027715',
    googlePlayId: 'kEePeRsAlMnC',
    slug: 'the-orchard-keepers-almanac',
  },
  {
    isbn13: '9780593315620',
    isbn10: '0593315626',
    title: 'Lanterns Over Kestrel Bay',
    author: 'Jonah Whitlock',
    publisher: 'Greywell & Finch',
    publishedYear: 2023,
    asin: '0593315626',
    appleBooksId: '6443819902',
    googlePlayId: 'lAnTeRnSkBay',
    slug: 'lanterns-over-kestrel-bay',
  },
  {
    isbn13: '9781524739089',
    isbn10: '1524739081',
    title: "The Cartographer's Daughter",
    author: 'Inés Valderrama',
    publisher: 'Meridian House',
    publishedYear: 2022,
    asin: '1524739081',
    appleBooksId: '6439981245',
    googlePlayId: 'cArToGrApHdR',
    slug: 'the-cartographers-daughter',
  },
  {
    isbn13: '9798886451207',
    isbn10: null,
    title: 'Quiet Engines',
    author: 'R. T. Abernathy',
    publisher: 'Independently published',
    publishedYear: 2025,
    asin: 'B0DQK7M2VX',
    appleBooksId: '6452287731',
    googlePlayId: 'qUiEtEnGiNs1',
    slug: 'quiet-engines',
  },
  {
    isbn13: '9798217500338',
    isbn10: null,
    title: 'Sourdough for Slow Mornings',
    author: 'Hanna Bjørnstad',
    publisher: 'Independently published',
    publishedYear: 2024,
    asin: 'B0CW9R4TQ8',
    appleBooksId: '6449013348',
    googlePlayId: 'sOuRdOuGhSlw',
    slug: 'sourdough-for-slow-mornings',
  },
  {
    isbn13: '9780063298545',
    isbn10: '0063298546',
    title: 'A Field Guide to Vanishing Birds',
    author: 'Theo Marchetti',
    publisher: 'Larkspur Books',
    publishedYear: 2023,
    asin: '0063298546',
    appleBooksId: '6444702219',
    googlePlayId: 'fIeLdGuIdEbd',
    slug: 'a-field-guide-to-vanishing-birds',
  },
  {
    isbn13: '9798352011768',
    isbn10: null,
    title: 'Tidewater Hearts',
    author: 'Clara Ashdown',
    publisher: 'Independently published',
    publishedYear: 2025,
    asin: 'B0F3LZ8NW1',
    appleBooksId: '6453390086',
    googlePlayId: 'tIdEwAtErHrt',
    slug: 'tidewater-hearts',
  },
  {
    isbn13: '9798890123749',
    isbn10: null,
    title: 'Midnight at the Paper Mill',
    author: 'Clara Ashdown',
    publisher: 'Independently published',
    publishedYear: 2026,
    asin: 'B0FM2K9QCJ',
    appleBooksId: '6458816640',
    googlePlayId: 'mIdNiGhTpApr',
    slug: 'midnight-at-the-paper-mill',
  },
  {
    isbn13: '9781781084625',
    isbn10: '1781084629',
    title: 'Ninefold Crown',
    author: 'Aurelio Santangelo',
    publisher: 'Emberlane',
    publishedYear: 2021,
    asin: '1781084629',
    appleBooksId: '6436671902',
    googlePlayId: 'nInEfOlDcRwn',
    slug: 'ninefold-crown',
  },
  {
    isbn13: '9798321477656',
    isbn10: null,
    title: 'Debt of Embers',
    author: 'Aurelio Santangelo',
    publisher: 'Independently published',
    publishedYear: 2024,
    asin: 'B0D1HX6PRE',
    appleBooksId: '6450128897',
    googlePlayId: 'dEbToFeMbErs',
    slug: 'debt-of-embers',
  },
  {
    isbn13: '9781649372208',
    isbn10: '1649372205',
    title: 'The Last Ferry to Inishmore',
    author: 'Siobhán Keane',
    publisher: 'Greywell & Finch',
    publishedYear: 2024,
    asin: '1649372205',
    appleBooksId: '6447765310',
    googlePlayId: 'lAsTfErRyInm',
    slug: 'the-last-ferry-to-inishmore',
  },
  {
    isbn13: '9781454930198',
    isbn10: '1454930195',
    title: 'Small Rooms, Big Light',
    author: 'Priya Natarajan',
    publisher: 'Meridian House',
    publishedYear: 2022,
    asin: '1454930195',
    appleBooksId: '6441208876',
    googlePlayId: 'sMaLlRoOmSbL',
    slug: 'small-rooms-big-light',
  },
  {
    isbn13: '9780399582714',
    isbn10: '0399582711',
    title: 'The Patient Gardener',
    author: 'Ruth Oyelaran',
    publisher: 'Larkspur Books',
    publishedYear: 2020,
    asin: '0399582711',
    appleBooksId: '6433519068',
    googlePlayId: 'pAtIeNtGaRdn',
    slug: 'the-patient-gardener',
  },
  {
    isbn13: '9781744239079',
    isbn10: '174423907X',
    title: 'Copper & Ash',
    author: 'Lena Hartwig',
    publisher: 'Emberlane',
    publishedYear: 2025,
    asin: '174423907X',
    appleBooksId: '6455902213',
    googlePlayId: 'cOpPeRaNdAsH',
    slug: 'copper-and-ash',
  },
];

/** The book named by any of the ids the catalogue records: an ISBN, or a retailer's id. */
export function findCatalogueBookByIds(ids: BookIds): CatalogueBook | undefined {
  return OFFLINE_CATALOGUE.find(
    (book) =>
      book.asin === ids.asin ||
      book.appleBooksId === ids.appleBooksId ||
      book.googlePlayId === ids.googlePlayId ||
      book.slug === ids.slug ||
      book.isbn13 === ids.isbn ||
      book.isbn10 === ids.isbn,
  );
}
