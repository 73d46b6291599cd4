import type { components } from '@/api/schema';

export type Collection = components['schemas']['Collection'];

/** What a collection's card shows of one of its books. */
export type MosaicBook = Pick<
  components['schemas']['Link'],
  'id' | 'title' | 'author' | 'coverImageUrl'
>;
