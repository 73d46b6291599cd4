import { ProductUnavailableError, type BookDetails } from './product-metadata';

export interface BookService {
  /** The book with this ISBN-13, or null when the service has none; throws when it cannot tell. */
  findByIsbn(isbn13: string): Promise<BookDetails | null>;
}

/**
 * Asks every service at once and combines what they found, in the services' order: Open Library
 * often has a new book's title but not its cover, which Google Books has.
 */
export async function findInBookServices(
  services: readonly BookService[],
  isbn13: string,
): Promise<BookDetails | null> {
  const answers = await Promise.allSettled(services.map((service) => service.findByIsbn(isbn13)));
  const found = answers.flatMap((answer) =>
    answer.status === 'fulfilled' && answer.value ? [answer.value] : [],
  );
  if (found.length > 0) {
    const first = <Key extends keyof BookDetails>(key: Key) =>
      found.find((book) => book[key])?.[key];
    return {
      title: first('title') ?? '',
      author: first('author') ?? '',
      coverImageUrl: first('coverImageUrl'),
      isbn: isbn13,
    };
  }
  const failures = answers.flatMap((answer) =>
    answer.status === 'rejected' ? [answer.reason as unknown] : [],
  );
  if (failures.length > 0) {
    throw new ProductUnavailableError(`No book service answered for ISBN ${isbn13}`, {
      cause: failures,
    });
  }
  return null;
}
