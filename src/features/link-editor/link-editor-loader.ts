import { loadOnce } from '@/lib/load-once';

/** The link editor's code, shared by the home page's editor and the one "New link" opens. */
export const loadLinkEditor = loadOnce(() => import('./link-editor'));
