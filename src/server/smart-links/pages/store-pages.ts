import {
  markup,
  renderByline,
  renderCover,
  renderPage,
  renderRememberCheckbox,
  renderStoreButtons,
  type StoreOption,
} from './page-layout';

// The two pages a reader chooses a store on: a book's all-stores link and a collection's alias.

export interface AllStoresPageInput {
  title: string;
  /** Empty when the author isn't known. */
  author: string;
  /** Shown only when it is an https address; otherwise the page draws a tile with the title. */
  coverImageUrl: string | null;
  /** In the order to show them; the server resolves the chosen `storeId` to its address. */
  stores: readonly StoreOption[];
  /** Where the store form posts `store` and, when ticked, `remember`. */
  choosePath: string;
  /** Shelflink's own site, for the footer's links. */
  appOrigin: string;
}

/** The page a book's smart link shows: the book, and a button for each store that sells it. */
export function renderAllStoresPage(page: AllStoresPageInput): string {
  const bookName = page.author.trim() === '' ? page.title : `${page.title} by ${page.author}`;
  const storeNames = page.stores.map((store) => store.name).join(', ');
  return renderPage({
    title: `${bookName}: choose your store`,
    description: `Get ${bookName} from ${storeNames}. Pick the store you like best.`,
    appOrigin: page.appOrigin,
    noindex: false,
    affiliateDisclosure: true,
    main: markup`<div class="book-page">
${renderCover(page, 'large')}
<h1>${page.title}</h1>
${renderByline(page.author)}
<form method="post" action="${page.choosePath}">
${renderRememberCheckbox()}
${renderStoreButtons(page.stores, (store) => store.storeId)}
</form>
</div>`,
  });
}

export interface CollectionBook {
  /** The book's own smart link; its code never contains a colon. */
  linkCode: string;
  title: string;
  /** Empty when the author isn't known. */
  author: string;
  /** Shown only when it is an https address; otherwise the page draws a tile with the title. */
  coverImageUrl: string | null;
  stores: readonly StoreOption[];
}

/** The collection's own cover, served by Shelflink or its image host. */
export interface CollectionCover {
  url: string;
  /** Empty when the author gave no description: the title beside it names the collection. */
  alt: string;
  width?: number;
  height?: number;
}

export interface CollectionPageInput {
  title: string;
  cover: CollectionCover | null;
  books: readonly CollectionBook[];
  /** Where the one form posts `store` as `{linkCode}:{storeId}` and, when ticked, `remember`. */
  choosePath: string;
  /** Shelflink's own site, for the footer's links. */
  appOrigin: string;
}

// Covers of the first rows are likely on screen at load; lazy-loading them would delay the paint.
const eagerCoverCount = 3;

function renderBook(book: CollectionBook, index: number) {
  const headingId = `book-${index + 1}`;
  return markup`<li class="book">
${renderCover(book, 'small', index < eagerCoverCount ? 'eager' : 'lazy')}
<div>
<h2 id="${headingId}">${book.title}</h2>
${renderByline(book.author)}
</div>
${renderStoreButtons(book.stores, (store) => `${book.linkCode}:${store.storeId}`, headingId)}
</li>`;
}

/** Drawn at its own shape, no wider than the page; a stored size keeps the layout from shifting. */
function renderCollectionCover(cover: CollectionCover) {
  const size =
    cover.width !== undefined && cover.height !== undefined
      ? markup` width="${cover.width}" height="${cover.height}"`
      : markup``;
  return markup`<img class="collection-cover" src="${cover.url}" alt="${cover.alt}"${size} fetchpriority="high">`;
}

/**
 * A collection's page: one form for every book, so the reader ticks "Remember my store" once;
 * each button sends the book's link code with the store, and names the book by its description.
 */
export function renderCollectionPage(page: CollectionPageInput): string {
  const bookTitles = page.books.map((book) => book.title).join(', ');
  const content =
    page.books.length === 0
      ? markup`<p>There are no books in this collection yet. Please check back soon.</p>`
      : markup`<form method="post" action="${page.choosePath}">
${renderRememberCheckbox()}
<ol class="books">${page.books.map(renderBook)}</ol>
</form>`;
  return renderPage({
    title: `${page.title}: books and where to buy them`,
    description:
      page.books.length === 0
        ? `${page.title}, a collection of books.`
        : `${page.title}: ${bookTitles}. Pick the store you like best for each book.`,
    appOrigin: page.appOrigin,
    noindex: false,
    affiliateDisclosure: true,
    main: markup`${page.cover === null ? markup`` : renderCollectionCover(page.cover)}
<h1>${page.title}</h1>
${content}`,
  });
}
