import { lazyModule } from '@/lib/later/lazy-module';

/** Confirming a new address from its link is a rare visit: its code stays out of the first download. */
export const emailConfirmation = lazyModule(() => import('./email-confirmation'));
