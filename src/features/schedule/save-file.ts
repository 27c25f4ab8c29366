/**
 * Hands bytes fetched with the bearer token to the browser as a download. A link to the API itself
 * would not carry the token (and a token in the URL is not allowed), so the file is fetched first
 * and saved from a blob: URL. On a phone, opening the saved .ics offers "Add to calendar".
 */

/** How long the blob: URL stays alive: some browsers read it after click() has returned. */
const REVOKE_AFTER_MS = 60_000;

export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}

/** "Court hearing: Rahman v. State" → "court-hearing-rahman-v-state.ics" (Bangla letters kept). */
export function icsFileName(title: string): string {
  const slug = title
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return `${slug || 'schedule'}.ics`;
}
