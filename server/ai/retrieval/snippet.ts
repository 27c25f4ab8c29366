/**
 * Highlighted snippets for search results: the stretch of a passage where the query's terms are
 * densest, HTML-escaped, each word whose search term the query asked for wrapped in <mark>. Words
 * are matched by term (so "ভাড়াটিয়াকে" lights up for ভাড়াটিয়া and "dismissed" for dismissal), and
 * the text shown is the passage's own (Bengali digits and dandas stay as written).
 */
import { termsOf, words } from '../../search/analyzer';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ESCAPES[ch] ?? ch);
}

/** Bengali digits → ASCII and dandas → '.', one character for one, so offsets stay the text's own. */
function sameLengthNormal(text: string): string {
  return text
    .replace(/[\u09e6-\u09ef]/g, (d) => String.fromCharCode(48 + d.charCodeAt(0) - 0x09e6))
    .replace(/[\u0964\u0965\u09f7]/g, '.');
}

export interface SnippetOptions {
  /** Longest snippet in characters of text (before escaping). */
  maxChars?: number;
}

export function highlight(passage: string, queryTerms: ReadonlySet<string>, options: SnippetOptions = {}): string {
  const maxChars = options.maxChars ?? 280;
  const text = passage.normalize('NFC');
  const matches = words(sameLengthNormal(text)).filter((token) => termsOf(token.word).some((t) => queryTerms.has(t)));

  // The window holding the most distinct matched words wins; ties go to the earliest.
  let bestStart = 0;
  let bestCount = 0;
  for (let i = 0; i < matches.length; i += 1) {
    const from = matches[i]?.start ?? 0;
    const seen = new Set<string>();
    for (let j = i; j < matches.length && (matches[j]?.end ?? 0) - from <= maxChars; j += 1) {
      seen.add(matches[j]?.word.toLowerCase() ?? '');
    }
    if (seen.size > bestCount) {
      bestCount = seen.size;
      bestStart = from;
    }
  }
  let start = Math.max(0, bestStart - Math.floor(maxChars / 6));
  if (start > 0) {
    const space = text.indexOf(' ', start);
    start = space !== -1 && space < bestStart ? space + 1 : start;
  }
  let end = Math.min(text.length, start + maxChars);
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end);
    end = space > start ? space : end;
  }

  let html = start > 0 ? '…' : '';
  let cursor = start;
  for (const match of matches) {
    if (match.start < start || match.end > end) continue;
    html += `${escapeHtml(text.slice(cursor, match.start))}<mark>${escapeHtml(text.slice(match.start, match.end))}</mark>`;
    cursor = match.end;
  }
  html += escapeHtml(text.slice(cursor, end));
  if (end < text.length) html += '…';
  return html;
}
