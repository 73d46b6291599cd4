import type { components } from '@/api/schema';

export type AuthorLink = components['schemas']['Link'];
