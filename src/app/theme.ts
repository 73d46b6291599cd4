import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';
import './theme.css';

const shelf: MantineColorsTuple = [
  '#e3fafc',
  '#c5f6fa',
  '#99e9f2',
  '#66d9e8',
  '#3bc9db',
  '#22b8cf',
  '#15aabf',
  '#1098ad',
  '#0c8599',
  '#0b7285',
];

/** Darker than the darkest shade: white lettering on it reads at 7.6:1. */
const SHELF_FILLED_HOVER = '#095c6b';

/**
 * Notifications show above everything: modals, their overlays, and the menus and selects opened
 * in them (stacked-modal.tsx).
 */
export const NOTIFICATIONS_Z_INDEX = 2000;

export const theme = createTheme({
  primaryColor: 'shelf',
  // White lettering on a filled primary button reads at 4.5:1 or more only on the darkest shade.
  primaryShade: { light: 9, dark: 9 },
  colors: { shelf },
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  // Literata, a typeface made for reading books on screens, in the one weight headings use.
  headings: {
    fontFamily: 'Literata, Georgia, "Times New Roman", serif',
    fontWeight: '700',
  },
  focusRing: 'auto',
});

// Mantine hovers a filled shade-9 button with shade 8, where white reads at only 4.3:1: a darker
// tone of the same colour keeps the lettering readable under the pointer.
const readableFilledHover = { '--mantine-color-shelf-filled-hover': SHELF_FILLED_HOVER };

/**
 * Yellow's and orange's darkest shades read at under 4.5:1 on their lightest (2.8:1 and 4:1): their
 * light variants' text takes a deeper tone of the same hue.
 */
const deepLightVariantText: Readonly<Record<string, string>> = {
  yellow: '#8f5600',
  orange: '#b53b0a',
};

const readableLightVariants = Object.fromEntries(
  ['teal', 'red', 'blue', 'gray', 'yellow', 'orange'].flatMap((color) => [
    [`--mantine-color-${color}-light`, `var(--mantine-color-${color}-0)`],
    [
      `--mantine-color-${color}-light-color`,
      deepLightVariantText[color] ?? `var(--mantine-color-${color}-9)`,
    ],
  ]),
);

/**
 * Mantine's default hint, error and success text, and its light alerts and badges, are below
 * 4.5:1 on white; these darker shades read well everywhere in the app. On the dark background the
 * same texts need lighter shades than Mantine's.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    ...readableFilledHover,
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    // A file field's placeholder is text on the page, which must read at 4.5:1 like any other.
    '--mantine-color-placeholder': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-success': 'var(--mantine-color-teal-9)',
    ...readableLightVariants,
  },
  dark: {
    ...readableFilledHover,
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-placeholder': 'var(--mantine-color-dark-2)',
    '--mantine-color-error': 'var(--mantine-color-red-5)',
    '--mantine-color-success': 'var(--mantine-color-teal-4)',
  },
});
