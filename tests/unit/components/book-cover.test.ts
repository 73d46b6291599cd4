import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { coverTileColour, titleInitials } from '@/components/book-cover';

/** WCAG's relative luminance of an `hsl(h s% l%)` colour. */
function luminance(colour: string): number {
  const [hue, saturation, lightness] = (/hsl\((\d+) (\d+)% (\d+)%\)/.exec(colour) ?? [])
    .slice(1)
    .map(Number);
  if (hue === undefined || saturation === undefined || lightness === undefined) {
    throw new Error(`Not an hsl() colour: ${colour}`);
  }
  const s = saturation / 100;
  const l = lightness / 100;
  const channel = (n: number) => {
    const k = (n + hue / 30) % 12;
    const value = l - s * Math.min(l, 1 - l) * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(8) + 0.0722 * channel(4);
}

describe('coverTileColour', () => {
  it('gives a title the same colour every time, whatever its case and spacing', () => {
    expect(coverTileColour('The Salt Orchard')).toBe(coverTileColour('  the salt orchard '));
  });

  it('gives different titles different colours', () => {
    const colours = new Set(
      ['The Salt Orchard', 'Winter Harbour', 'A Map of Small Rivers', 'Glasshouse'].map(
        coverTileColour,
      ),
    );
    expect(colours.size).toBe(4);
  });

  it('keeps white lettering at a contrast of at least 4.5:1 for any title', () => {
    fc.assert(
      fc.property(fc.string(), (title) => {
        const contrast = 1.05 / (luminance(coverTileColour(title)) + 0.05);
        expect(contrast).toBeGreaterThanOrEqual(4.5);
      }),
    );
  });
});

describe('titleInitials', () => {
  it.each([
    ['The Salt Orchard', 'TS'],
    ['glasshouse', 'G'],
    ['“Winter” harbour', 'WH'],
    ['1984', '1'],
    ['', '?'],
    ['— —', '?'],
  ])('%j → %j', (title, initials) => {
    expect(titleInitials(title)).toBe(initials);
  });
});
