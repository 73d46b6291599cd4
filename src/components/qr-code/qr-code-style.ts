// What a QR code looks like and how its downloads are named: sizes, colours and their contrast,
// error correction and the image in the middle. No React here, so every rule has a unit test.
import { luminance } from '@mantine/core';

/** The QR code's size on screen, in px: the code and the placeholder it replaces. */
export const QR_CODE_DISPLAY_SIZE = 168;

export type QrCodeSizeName = 'small' | 'medium' | 'large';

export interface QrCodeSize {
  name: QrCodeSizeName;
  label: string;
  /** The downloaded image's width and height. */
  pixels: number;
}

const MEDIUM_SIZE: QrCodeSize = { name: 'medium', label: 'Medium', pixels: 512 };

/** For a screen or an e-mail, for print, for a poster. */
export const QR_CODE_SIZES: readonly QrCodeSize[] = [
  { name: 'small', label: 'Small', pixels: 256 },
  MEDIUM_SIZE,
  { name: 'large', label: 'Large', pixels: 1024 },
];

export const DEFAULT_QR_CODE_SIZE: QrCodeSizeName = MEDIUM_SIZE.name;

export function qrCodeSize(name: QrCodeSizeName): QrCodeSize {
  return QR_CODE_SIZES.find((size) => size.name === name) ?? MEDIUM_SIZE;
}

export type QrCodeFormat = 'png' | 'svg';

/**
 * `<code>.png`, or `<code>-512px.svg` with a size; anything that cannot be in a file name is
 * replaced.
 */
export function qrCodeFileName(code: string, format: QrCodeFormat = 'png', pixels?: number) {
  const safe = code.replace(/[^A-Za-z0-9_-]/g, '-') || 'shelflink';
  return `${safe}${pixels ? `-${pixels}px` : ''}.${format}`;
}

export const DEFAULT_CODE_COLOUR = '#000000';
export const DEFAULT_BACKGROUND_COLOUR = '#ffffff';

/**
 * WCAG's minimum contrast for text. Scanners read a code by telling its dark modules from the
 * light ones; a pair of colours below this fails on phones in poor light.
 */
export const MIN_QR_CODE_CONTRAST = 4.5;

const HEX_COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** `#rrggbb` in lower case for `#rgb` or `#rrggbb` (any case, spaces around), else undefined. */
export function normaliseHexColour(text: string): string | undefined {
  const trimmed = text.trim();
  if (!HEX_COLOUR.test(trimmed)) return undefined;
  const digits = trimmed.slice(1).toLowerCase();
  const full = digits.length === 3 ? digits.replace(/./g, '$&$&') : digits;
  return `#${full}`;
}

/** WCAG 2 contrast ratio of two `#rrggbb` colours, from 1 (the same) to 21 (black on white). */
export function contrastRatio(first: string, second: string): number {
  const [lighter, darker] = [luminance(first), luminance(second)].sort((a, b) => b - a) as [
    number,
    number,
  ];
  return (lighter + 0.05) / (darker + 0.05);
}

export type ColourProblem =
  | { field: 'code' | 'background'; message: string }
  | { field: 'both'; message: string; ratio: number };

/**
 * Why scanners would not read a code in these colours, or undefined when they would. A colour
 * that is not one comes back at its own field; a pair that is unreadable at both.
 */
export function qrCodeColourProblem(code: string, background: string): ColourProblem | undefined {
  const codeColour = normaliseHexColour(code);
  const backgroundColour = normaliseHexColour(background);
  if (!codeColour) return { field: 'code', message: colourFormatMessage(code) };
  if (!backgroundColour) return { field: 'background', message: colourFormatMessage(background) };
  const ratio = contrastRatio(codeColour, backgroundColour);
  if (luminance(codeColour) > luminance(backgroundColour)) {
    return {
      field: 'both',
      ratio,
      message:
        'The code must be darker than its background: most scanners cannot read a light code on a dark background.',
    };
  }
  if (ratio < MIN_QR_CODE_CONTRAST) {
    return {
      field: 'both',
      ratio,
      message: `Too little contrast (${formatRatio(ratio)}): scanners need at least ${formatRatio(MIN_QR_CODE_CONTRAST)}. Choose a darker code colour or a lighter background.`,
    };
  }
  return undefined;
}

function colourFormatMessage(text: string): string {
  return text.trim() === ''
    ? 'Choose a colour.'
    : 'Enter a colour as #rrggbb, for example #1d3557.';
}

/** `4.5:1`, `12:1`: one decimal at most, rounded down so a ratio never looks better than it is. */
export function formatRatio(ratio: number): string {
  return `${String(Math.floor(ratio * 10) / 10)}:1`;
}

/**
 * High error correction (30% of the code can be lost) when an image covers its middle, medium
 * (15%) otherwise: the smaller code of the two that still reads.
 */
export function errorCorrectionLevel(hasImage: boolean): 'H' | 'M' {
  return hasImage ? 'H' : 'M';
}

/**
 * The share of the code's width the image in the middle may take. At a fifth of each side it
 * hides 4% of the modules, well within what level H recovers even with the finder patterns'
 * neighbours excavated.
 */
export const CENTRE_IMAGE_FRACTION = 0.2;

/** The image's size in the middle of a code of `codePixels`: its shape kept, within the limit. */
export function centreImageSize(
  codePixels: number,
  image: { width: number; height: number },
): { width: number; height: number } {
  const box = Math.round(codePixels * CENTRE_IMAGE_FRACTION);
  if (image.width <= 0 || image.height <= 0) return { width: box, height: box };
  const scale = box / Math.max(image.width, image.height);
  return {
    width: Math.max(1, Math.round(image.width * scale)),
    height: Math.max(1, Math.round(image.height * scale)),
  };
}

/** Logos the author may upload: images every browser draws into a canvas without tainting it. */
export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

export const LOGO_MAX_BYTES = 1024 * 1024;

/** Why a chosen file cannot be the logo, or undefined when it can. */
export function logoFileProblem(file: { type: string; size: number }): string | undefined {
  if (!(LOGO_TYPES as readonly string[]).includes(file.type)) {
    return 'Choose a PNG, JPEG, WebP or GIF image.';
  }
  if (file.size > LOGO_MAX_BYTES) {
    const megabytes = (file.size / (1024 * 1024)).toFixed(1);
    return `This image is ${megabytes} MB; choose one of 1 MB or less.`;
  }
  return undefined;
}
