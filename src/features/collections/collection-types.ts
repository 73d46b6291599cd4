import type { components } from '@/api/schema';

export type Collection = components['schemas']['Collection'];
