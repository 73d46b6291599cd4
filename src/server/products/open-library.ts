// Open Library's Books API: `/api/books?bibkeys=ISBN:{isbn}&format=json&jscmd=data` answers
// `{ "ISBN:{isbn}": { title, authors, cover, … } }`, or `{}` for a book it does not have.
import * as v from 'valibot';
import type { SafeFetcher } from '../net/safe-fetch';
import type { BookService } from './book-services';

const booksReply = v.record(
  v.string(),
  v.object({
    title: v.string(),
    authors: v.optional(v.array(v.object({ name: v.string() })), []),
    cover: v.optional(v.object({ large: v.optional(v.string()), medium: v.optional(v.string()) })),
  }),
);

export function openLibrary(fetcher: SafeFetcher, origin: string): BookService {
  return {
    async findByIsbn(isbn13) {
      const url = new URL('/api/books', origin);
      url.search = new URLSearchParams({
        bibkeys: `ISBN:${isbn13}`,
        format: 'json',
        jscmd: 'data',
      }).toString();
      const book = v.parse(booksReply, await fetcher.json(url.href))[`ISBN:${isbn13}`];
      if (!book) return null;
      return {
        title: book.title,
        author: book.authors.map((author) => author.name).join(', '),
        coverImageUrl: book.cover?.large ?? book.cover?.medium,
        isbn: isbn13,
      };
    },
  };
}
