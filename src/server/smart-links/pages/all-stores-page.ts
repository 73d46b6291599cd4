import {
  markup,
  renderByline,
  renderCover,
  renderPage,
  renderRememberCheckbox,
  renderStoreButtons,
  type StoreOption,
} from './page-layout';

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
