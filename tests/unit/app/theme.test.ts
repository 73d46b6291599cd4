import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { expect, test } from 'vitest';
import { cssVariablesResolver, theme } from '@/app/theme';
import { contrastRatio } from '@/components/qr-code/qr-code-style';

const appTheme = mergeMantineTheme(DEFAULT_THEME, theme);
const lightScheme = cssVariablesResolver(appTheme).light;

/** A light-scheme variable's colour, through `var(--mantine-color-<name>-<shade>)` to the palette. */
function colourOf(variable: `--${string}`): string {
  const value = lightScheme[variable];
  if (value === undefined) throw new Error(`The light scheme sets no ${variable}`);
  const shade = /^var\(--mantine-color-([a-z]+)-(\d)\)$/.exec(value);
  if (!shade) return value;
  const [, name = '', index = ''] = shade;
  const colour = appTheme.colors[name]?.[Number(index)];
  if (colour === undefined) throw new Error(`The theme has no ${name} ${index}`);
  return colour;
}

const lightVariants = Object.keys(lightScheme).flatMap((variable) => {
  const color = /^--mantine-color-([a-z]+)-light-color$/.exec(variable)?.[1];
  return color ? [color] : [];
});

test.each(lightVariants)(
  'light %s alerts, badges and buttons read at 4.5:1 on their own background and on white',
  (color) => {
    const text = colourOf(`--mantine-color-${color}-light-color`);
    const background = colourOf(`--mantine-color-${color}-light`);

    expect(contrastRatio(text, background)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(text, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  },
);

test('the light variants cover the colours the app warns and confirms in', () => {
  expect(lightVariants).toEqual(
    expect.arrayContaining(['teal', 'red', 'blue', 'gray', 'yellow', 'orange']),
  );
});
