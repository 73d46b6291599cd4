import { lazyModule } from '@/lib/later/lazy-module';

/** The dialogs a link card's menu opens, with the form code they need, load together. */
export const linkDialogs = lazyModule(() => import('./link-dialogs'));
