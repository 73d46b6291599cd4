import { loadOnce } from '@/lib/load-once';

/** The dialogs a link card's menu opens, with the form code they need, load together. */
export const loadLinkDialogs = loadOnce(() => import('./link-dialogs'));
