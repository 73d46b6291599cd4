// The image in a QR code's middle, always as a data URL: drawn into the canvas it never taints
// it (so the PNG can be saved), and the downloaded SVG carries it inside, needing no host.
import { logoFileProblem } from './qr-code-style';

export interface CentreImage {
  src: string;
  width: number;
  height: number;
}

/** The reason a centre image could not be had, worded for the author. */
export class CentreImageError extends Error {}

function decode(src: string, crossOrigin?: 'anonymous'): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    if (crossOrigin) image.crossOrigin = crossOrigin;
    image.onload = () => {
      resolve(image);
    };
    image.onerror = () => {
      reject(new Error('The image did not load.'));
    };
    image.src = src;
  });
}

/**
 * The author's logo, read here in the browser (it is sent nowhere). The file is checked before it
 * is read, and what is read must decode as an image.
 */
export async function readLogoFile(file: File): Promise<CentreImage> {
  const problem = logoFileProblem(file);
  if (problem) throw new CentreImageError(problem);
  const src = await new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      resolve(typeof reader.result === 'string' ? reader.result : '');
    };
    reader.onerror = () => {
      reject(new CentreImageError('This file could not be read. Try choosing it again.'));
    };
    reader.readAsDataURL(file);
  });
  try {
    const image = await decode(src);
    return { src, width: image.naturalWidth, height: image.naturalHeight };
  } catch {
    throw new CentreImageError('This file is not an image we can read. Try a PNG or a JPEG.');
  }
}

export const COVER_UNUSABLE_MESSAGE =
  'The book’s cover cannot be used in the code: its image host does not allow it. Upload your logo instead.';

/**
 * The book's cover, copied into a data URL. It is asked for with CORS; a host that does not allow
 * it would taint the canvas and break the PNG download, so such a cover is refused.
 */
export async function loadCoverImage(url: string): Promise<CentreImage> {
  try {
    const image = await decode(url, 'anonymous');
    const canvas = document.createElement('canvas');
    canvas.width = image.naturalWidth;
    canvas.height = image.naturalHeight;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('No 2D canvas.');
    context.drawImage(image, 0, 0);
    // Throws a SecurityError if the cover tainted the canvas after all.
    const src = canvas.toDataURL('image/png');
    return { src, width: image.naturalWidth, height: image.naturalHeight };
  } catch {
    throw new CentreImageError(COVER_UNUSABLE_MESSAGE);
  }
}
