import { lazyModule } from '@/lib/later/lazy-module';

/** The header's menus, the main one and the account one, load together on first use. */
export const headerMenus = lazyModule(() => import('./header-menus'));
