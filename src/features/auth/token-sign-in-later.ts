import { lazyModule } from '@/lib/later/lazy-module';

/** Signing in or out from a link is a rare visit: its code stays out of the first download. */
export const tokenSignIn = lazyModule(() => import('./token-sign-in'));
