// Google Books: `/books/v1/volumes?q=isbn:{isbn}` answers the matching volumes, `items` left out
// when there are none. A search can match loosely, so only a volume carrying the ISBN counts.
import * as v from 'valibot';
import type { SafeFetcher } from '../net/safe-fetch';
import type { BookService } from './book-services';
import { toIsbn10 } from './isbn';

const volumesReply = v.object({
  items: v.optional(
    v.array(
      v.object({
        volumeInfo: v.object({
          title: v.string(),
          authors: v.optional(v.array(v.string()), []),
          industryIdentifiers: v.optional(v.array(v.object({ identifier: v.string() })), []),
          imageLinks: v.optional(v.object({ thumbnail: v.optional(v.string()) })),
        }),
      }),
    ),
    [],
  ),
});

/** Google lists covers over http and with a page-curl effect; the same image without either. */
function plainCover(address: string | undefined): string | undefined {
  const url = URL.parse(address ?? '');
  if (!url) return undefined;
  url.protocol = 'https:';
  url.searchParams.delete('edge');
  return url.href;
}

export function googleBooks(fetcher: SafeFetcher, origin: string): BookService {
  return {
    async findByIsbn(isbn13) {
      const url = new URL('/books/v1/volumes', origin);
      url.search = new URLSearchParams({ q: `isbn:${isbn13}` }).toString();
      const { items } = v.parse(volumesReply, await fetcher.json(url.href));
      const isbns = [isbn13, toIsbn10(isbn13)];
      const volume = items.find(({ volumeInfo }) =>
        volumeInfo.industryIdentifiers.some(({ identifier }) => isbns.includes(identifier)),
      )?.volumeInfo;
      if (!volume) return null;
      return {
        title: volume.title,
        author: volume.authors.join(', '),
        coverImageUrl: plainCover(volume.imageLinks?.thumbnail),
        isbn: isbn13,
      };
    },
  };
}
