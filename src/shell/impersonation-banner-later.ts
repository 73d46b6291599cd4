import { lazyModule } from '@/lib/later/lazy-module';

/** The banner shows only while an administrator impersonates someone: its code loads then. */
export const impersonationBanner = lazyModule(() => import('./impersonation-banner'));
