import { loadOnce } from '@/lib/load-once';

/** The header's menus, the main one and the account one, load together on first use. */
export const loadHeaderMenus = loadOnce(() => import('./header-menus'));
