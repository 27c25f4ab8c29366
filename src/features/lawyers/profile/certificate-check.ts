/**
 * The phone-side check of a bar certificate before it is sent (docs/api.md §4: PDF, JPEG or PNG,
 * at most 5 MB). On 2G a 5 MB upload takes minutes; learning at the end that the file was a Word
 * document or 6 MB would waste them. The server still decides by the file's content.
 */
import { LAWYER_LIMITS } from '../../../../contract/lawyers';

const ACCEPTED_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
const ACCEPTED_EXTENSIONS = ['.pdf', '.jpg', '.jpeg', '.png'] as const;

/** For the file input's `accept`: types and extensions (some phones report no type for a PDF). */
export const CERTIFICATE_ACCEPT = [...ACCEPTED_TYPES, ...ACCEPTED_EXTENSIONS].join(',');

export type CertificateProblem = { kind: 'type' } | { kind: 'size'; size: number } | { kind: 'empty' };

export function certificateProblem(file: Pick<File, 'name' | 'type' | 'size'>): CertificateProblem | null {
  const name = file.name.toLowerCase();
  const typeOk = file.type
    ? (ACCEPTED_TYPES as readonly string[]).includes(file.type)
    : ACCEPTED_EXTENSIONS.some((ext) => name.endsWith(ext));
  if (!typeOk) return { kind: 'type' };
  if (file.size === 0) return { kind: 'empty' };
  if (file.size > LAWYER_LIMITS.certificateMaxBytes) return { kind: 'size', size: file.size };
  return null;
}
