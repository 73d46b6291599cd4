import { useQuery } from '@tanstack/react-query';
import type { components } from '@/api/schema';
import { isbnMetadataQueryOptions, productMetadataQueryOptions } from './link-editor-queries';
import { parseDestination } from './link-editor-schemas';

export type ProductMetadata = components['schemas']['ProductMetadata'];

/**
 * The book a destination leads to. An ISBN is looked up first, then the page it leads to is read;
 * a web address is read at once.
 */
export function useDestinationProduct(destination: string) {
  const parsed = parseDestination(destination);
  const isbn = parsed.kind === 'isbn' ? parsed.isbn : '';
  const isbnQuery = useQuery({ ...isbnMetadataQueryOptions(isbn), enabled: isbn !== '' });
  const url =
    parsed.kind === 'url' ? parsed.url : parsed.kind === 'isbn' ? isbnQuery.data?.url : '';
  const productQuery = useQuery({
    ...productMetadataQueryOptions(url ?? ''),
    enabled: Boolean(url),
  });
  return { parsed, isbnQuery, productQuery };
}
