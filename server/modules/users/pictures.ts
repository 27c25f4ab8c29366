/**
 * Profile pictures: content check by magic bytes, re-encoding with sharp (which also drops any
 * metadata and payload hidden in the upload), and the public URL of a stored picture.
 */
import { randomUUID } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { ServerMessages } from '../../../contract/errors';
import { AppError } from '../../http/app-error';

const ALLOWED_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp']);
const FULL_SIZE = 512;
const THUMB_SIZE = 128;
/** Decompression-bomb guard: a 5 MB file may still claim billions of pixels. */
const MAX_INPUT_PIXELS = 40_000_000;

export const PICTURE_ROUTE_PREFIX = '/v1/user/profile-picture/';

export function pictureUrl(fileName: string | null): string | null {
  return fileName ? `${PICTURE_ROUTE_PREFIX}${fileName}` : null;
}

export function pictureKey(fileName: string): string {
  return `avatars/${fileName}`;
}

export interface ProcessedPicture {
  full: { fileName: string; content: Buffer };
  thumbnail: { fileName: string; content: Buffer };
}

/** Checks the upload's content and renders the 512 px picture and 128 px thumbnail as WebP. */
export async function processPicture(upload: Buffer): Promise<ProcessedPicture> {
  const type = await fileTypeFromBuffer(upload);
  if (!type || !ALLOWED_TYPES.has(type.mime)) throw new AppError(415, ServerMessages.invalidImage);
  const id = randomUUID();
  try {
    const source = () => sharp(upload, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
    const [full, thumbnail] = await Promise.all([
      source()
        .resize(FULL_SIZE, FULL_SIZE, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer(),
      source().resize(THUMB_SIZE, THUMB_SIZE, { fit: 'cover' }).webp({ quality: 80 }).toBuffer(),
    ]);
    return {
      full: { fileName: `${id}.webp`, content: full },
      thumbnail: { fileName: `${id}-thumb.webp`, content: thumbnail },
    };
  } catch {
    // The magic bytes said image, but the decoder disagrees: a truncated or forged file.
    throw new AppError(415, ServerMessages.invalidImage);
  }
}
