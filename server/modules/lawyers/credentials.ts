/**
 * Bar certificates: PDF, JPEG or PNG judged by content (magic bytes, then a structural check), never
 * by the client's name or declared type. A name whose extension claims another type than the bytes
 * is refused too, so "certificate.pdf" holding anything but a PDF cannot reach the admin's viewer.
 */
import { randomUUID } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { LawyerMessages } from '../../../contract/lawyers';
import { badRequest } from '../../http/app-error';
import { cleanFileName } from '../../http/content-disposition';

const TYPES = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
} as const;
type CertificateType = keyof typeof TYPES;

const EXTENSION_TYPES: Record<string, CertificateType> = {
  pdf: 'application/pdf',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
};

/** A PDF ends with %%EOF, give or take trailing whitespace or a little garbage after it. */
const PDF_TAIL_BYTES = 2048;
/** Decompression-bomb guard: a 5 MB file may still claim billions of pixels. */
const MAX_INPUT_PIXELS = 60_000_000;

export interface CheckedCertificate {
  contentType: CertificateType;
  /** The client's name, cleaned, with the extension of the real type. */
  fileName: string;
  /** Storage key under a generated name. */
  key: string;
}

function isCertificateType(mime: string): mime is CertificateType {
  return mime in TYPES;
}

export async function checkCertificate(content: Buffer, clientName: string | undefined): Promise<CheckedCertificate> {
  const invalid = () => badRequest(LawyerMessages.credentialsInvalid);
  const detected = await fileTypeFromBuffer(content);
  if (!detected || !isCertificateType(detected.mime)) throw invalid();
  const contentType = detected.mime;
  const extension = TYPES[contentType];

  const name = cleanFileName(clientName, `bar-certificate.${extension}`);
  const dot = name.lastIndexOf('.');
  const claimed = dot > 0 ? EXTENSION_TYPES[name.slice(dot + 1).toLowerCase()] : undefined;
  if (claimed && claimed !== contentType) throw invalid();

  if (contentType === 'application/pdf') {
    if (!content.subarray(-PDF_TAIL_BYTES).includes('%%EOF')) throw invalid();
  } else {
    // Decode it (into a thumbnail, to bound memory): a forged header or a truncated image fails here.
    try {
      await sharp(content, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'truncated' })
        .resize(32, 32, { fit: 'inside' })
        .toBuffer();
    } catch {
      throw invalid();
    }
  }
  return {
    contentType,
    fileName: claimed ? name : `${name}.${extension}`,
    key: `credentials/${randomUUID()}.${extension}`,
  };
}
