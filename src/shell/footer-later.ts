import { lazyModule } from '@/lib/later/lazy-module';

/**
 * The footer sits below every page's first screen, so its code loads once that screen is painted
 * and the first paint does not wait for it.
 */
export const footer = lazyModule(() => import('./footer'));
