import { localStorageColorSchemeManager } from '@mantine/core';

/**
 * Light or dark follows the operating system until the visitor picks one in the header; the pick
 * is a preference, kept in this browser. public/color-scheme.js reads the same key before the
 * first paint.
 */
export const COLOR_SCHEME_KEY = 'shelflink.colorScheme';

export const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_KEY });
