import { describe, expect, it } from 'vitest';
import {
  CENTRE_IMAGE_FRACTION,
  centreImageSize,
  contrastRatio,
  errorCorrectionLevel,
  formatRatio,
  LOGO_MAX_BYTES,
  logoFileProblem,
  MIN_QR_CODE_CONTRAST,
  normaliseHexColour,
  QR_CODE_SIZES,
  qrCodeColourProblem,
  qrCodeFileName,
  qrCodeSize,
} from '@/components/qr-code/qr-code-style';

describe('qrCodeFileName', () => {
  it('names the download after the code', () => {
    expect(qrCodeFileName('salt-orchard')).toBe('salt-orchard.png');
  });

  it('adds the size and the format when given', () => {
    expect(qrCodeFileName('salt-orchard', 'svg', 1024)).toBe('salt-orchard-1024px.svg');
    expect(qrCodeFileName('salt-orchard', 'png', 256)).toBe('salt-orchard-256px.png');
  });

  it('keeps only safe characters', () => {
    expect(qrCodeFileName('../etc/passwd')).toBe('---etc-passwd.png');
    expect(qrCodeFileName('')).toBe('shelflink.png');
    expect(qrCodeFileName('', 'svg', 512)).toBe('shelflink-512px.svg');
  });
});

describe('sizes', () => {
  it('offers three sizes, each larger than the one before', () => {
    expect(QR_CODE_SIZES.map((size) => size.name)).toEqual(['small', 'medium', 'large']);
    const pixels = QR_CODE_SIZES.map((size) => size.pixels);
    expect(pixels).toEqual([...pixels].sort((a, b) => a - b));
    expect(new Set(pixels).size).toBe(3);
  });

  it('finds a size by its name', () => {
    expect(qrCodeSize('large')).toBe(QR_CODE_SIZES[2]);
    expect(qrCodeSize('small').label).toBe('Small');
  });
});

describe('normaliseHexColour', () => {
  it('accepts #rgb and #rrggbb in any case, with spaces around', () => {
    expect(normaliseHexColour('#1D3557')).toBe('#1d3557');
    expect(normaliseHexColour(' #abc ')).toBe('#aabbcc');
  });

  it('refuses what is not a hex colour', () => {
    for (const text of ['', '1d3557', '#12', '#12345g', 'red', '#1234567']) {
      expect(normaliseHexColour(text)).toBeUndefined();
    }
  });
});

describe('contrastRatio', () => {
  it('is 21 for black on white and 1 for a colour on itself, either way round', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#777777')).toBe(1);
  });

  it('matches WCAG’s figure for a known pair', () => {
    // #767676 on white is the lightest grey that passes AA for text: 4.54:1.
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
  });
});

describe('qrCodeColourProblem', () => {
  it('accepts a dark code on a light background', () => {
    expect(qrCodeColourProblem('#000000', '#ffffff')).toBeUndefined();
    expect(qrCodeColourProblem('#1d3557', '#fdf6e3')).toBeUndefined();
    expect(qrCodeColourProblem('#767676', '#ffffff')).toBeUndefined();
  });

  it('refuses a pair below the threshold, with the ratio in its message', () => {
    const ratio = contrastRatio('#aaaaaa', '#ffffff');
    expect(ratio).toBeLessThan(MIN_QR_CODE_CONTRAST);
    const problem = qrCodeColourProblem('#aaaaaa', '#ffffff');
    expect(problem).toMatchObject({ field: 'both', ratio });
    expect(problem?.message).toContain(formatRatio(ratio));
    expect(problem?.message).toContain('4.5:1');
  });

  it('refuses the first grey below the threshold', () => {
    expect(contrastRatio('#777777', '#ffffff')).toBeLessThan(MIN_QR_CODE_CONTRAST);
    expect(qrCodeColourProblem('#777777', '#ffffff')?.field).toBe('both');
  });

  it('refuses a code lighter than its background, however high the contrast', () => {
    const problem = qrCodeColourProblem('#ffffff', '#000000');
    expect(problem?.field).toBe('both');
    expect(problem?.message).toMatch(/darker than its background/);
  });

  it('names the field whose colour is not one', () => {
    expect(qrCodeColourProblem('#12', '#ffffff')?.field).toBe('code');
    expect(qrCodeColourProblem('#000000', 'white')?.field).toBe('background');
    expect(qrCodeColourProblem('', '#ffffff')?.message).toBe('Choose a colour.');
  });
});

describe('formatRatio', () => {
  it('rounds down to one decimal', () => {
    expect(formatRatio(4.49)).toBe('4.4:1');
    expect(formatRatio(21)).toBe('21:1');
  });
});

describe('errorCorrectionLevel', () => {
  it('is high with an image in the middle and medium without', () => {
    expect(errorCorrectionLevel(true)).toBe('H');
    expect(errorCorrectionLevel(false)).toBe('M');
  });
});

describe('centreImageSize', () => {
  it('keeps a square image to the safe share of the code', () => {
    expect(centreImageSize(512, { width: 2000, height: 2000 })).toEqual({
      width: Math.round(512 * CENTRE_IMAGE_FRACTION),
      height: Math.round(512 * CENTRE_IMAGE_FRACTION),
    });
  });

  it('keeps the image’s shape within that box', () => {
    const { width, height } = centreImageSize(1000, { width: 400, height: 100 });
    expect(width).toBe(200);
    expect(height).toBe(50);
    const tall = centreImageSize(1000, { width: 100, height: 400 });
    expect(tall).toEqual({ width: 50, height: 200 });
  });

  it('covers at most a small fraction of the code’s area', () => {
    const { width, height } = centreImageSize(256, { width: 3, height: 3 });
    expect((width * height) / (256 * 256)).toBeLessThanOrEqual(0.05);
  });
});

describe('logoFileProblem', () => {
  it('accepts a small PNG or JPEG', () => {
    expect(logoFileProblem({ type: 'image/png', size: 20_000 })).toBeUndefined();
    expect(logoFileProblem({ type: 'image/jpeg', size: LOGO_MAX_BYTES })).toBeUndefined();
  });

  it('refuses what is not an image it can draw', () => {
    expect(logoFileProblem({ type: 'application/pdf', size: 1000 })).toMatch(/PNG, JPEG/);
    expect(logoFileProblem({ type: 'image/svg+xml', size: 1000 })).toMatch(/PNG, JPEG/);
  });

  it('refuses an image over the limit, saying how large it is', () => {
    expect(logoFileProblem({ type: 'image/png', size: 3.2 * 1024 * 1024 })).toBe(
      'This image is 3.2 MB; choose one of 1 MB or less.',
    );
  });
});
