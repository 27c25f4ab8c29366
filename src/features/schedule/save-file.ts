/**
 * The name an event's .ics download is saved under (the bytes are saved with saveBlob from
 * lib/api/file-api.ts; on a phone, opening the saved .ics offers "Add to calendar").
 */

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
