import {
  markup,
  renderByline,
  renderCover,
  renderPage,
  renderRememberCheckbox,
  renderStoreButtons,
  type StoreOption,
} from './page-layout';

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

export interface CollectionPageInput {
  title: string;
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
    main: markup`<h1>${page.title}</h1>
${content}`,
  });
}
