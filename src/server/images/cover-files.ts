import sharp, { type Metadata, type Sharp } from 'sharp';

/** The media types an uploaded cover may be, by the format sharp names when it decodes one. */
export const uploadMediaTypes = {
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/webp': 'webp',
} as const;

export type UploadMediaType = keyof typeof uploadMediaTypes;

export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
/** A stored cover fits this square: enough for a card or a page, small enough to serve fast. */
export const COVER_MAX_SIDE = 1200;
/** Decoding more pixels than this is refused: a small file can claim a vast image. */
const maxInputPixels = 50_000_000;

export function isUploadMediaType(type: string): type is UploadMediaType {
  return Object.hasOwn(uploadMediaTypes, type);
}

export interface CoverFile {
  webp: Buffer;
  width: number;
  height: number;
}

export type CoverRefusal = 'notAnImage' | 'otherType' | 'tooManyPixels';

/**
 * The uploaded bytes as a stored cover: decoded as the declared type, turned upright, scaled to
 * fit `COVER_MAX_SIDE` without enlarging, and re-encoded as WebP without any of the upload's
 * metadata (sharp writes none unless asked), so a photo's EXIF and GPS never reach readers.
 */
export async function toCoverFile(
  bytes: Buffer,
  declaredType: UploadMediaType,
): Promise<CoverFile | CoverRefusal> {
  let image: Sharp;
  let metadata: Metadata;
  try {
    // The constructor itself throws on an empty buffer. Reading the header decodes no pixels,
    // so the size it claims is checked here and the limit guards the decoding below.
    metadata = await sharp(bytes).metadata();
    image = sharp(bytes, { limitInputPixels: maxInputPixels, failOn: 'error' });
  } catch {
    return 'notAnImage';
  }
  if (metadata.format !== uploadMediaTypes[declaredType]) return 'otherType';
  if (metadata.width * metadata.height > maxInputPixels) return 'tooManyPixels';
  try {
    const { data, info } = await image
      .rotate()
      .resize({
        width: COVER_MAX_SIDE,
        height: COVER_MAX_SIDE,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    return { webp: data, width: info.width, height: info.height };
  } catch {
    return 'notAnImage';
  }
}
