/**
 * The search's highlighted snippet (server/ai/retrieval/snippet.ts: every character HTML-escaped,
 * each matched word in `<mark>`) as parts `{ text, match }` for React text: only `<mark>` is
 * recognised, everything else stays text, so nothing is ever set as HTML.
 */
const NAMED: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Decodes numeric and the basic named character references (what the server's escaping makes). */
export function unescapeHtml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, ref: string) => {
    if (!ref.startsWith('#')) return NAMED[ref.toLowerCase()] ?? whole;
    const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

export function snippetParts(snippet: string): { text: string; match: boolean }[] {
  const parts: { text: string; match: boolean }[] = [];
  let at = 0;
  for (const found of snippet.matchAll(/<mark>(.*?)<\/mark>/gs)) {
    if (found.index > at) parts.push({ text: unescapeHtml(snippet.slice(at, found.index)), match: false });
    parts.push({ text: unescapeHtml(found[1] ?? ''), match: true });
    at = found.index + found[0].length;
  }
  if (at < snippet.length) parts.push({ text: unescapeHtml(snippet.slice(at)), match: false });
  return parts;
}

/**
 * An answer's line as parts: plain text, citation markers `[n]` and the directory link the server
 * writes into the lawyer line (`/find-lawyer?spec=…`), so each can be rendered as what it is.
 */
export type AnswerPart =
  { kind: 'text'; text: string } | { kind: 'cite'; n: number } | { kind: 'lawyers'; href: string };

export function answerParts(line: string): AnswerPart[] {
  const parts: AnswerPart[] = [];
  let at = 0;
  for (const found of line.matchAll(/\[(\d{1,2})\]|(\/find-lawyer(?:\?spec=[A-Z_]+)?)/g)) {
    if (found.index > at) parts.push({ kind: 'text', text: line.slice(at, found.index) });
    parts.push(
      found[1] ? { kind: 'cite', n: Number(found[1]) } : { kind: 'lawyers', href: found[2] ?? '/find-lawyer' },
    );
    at = found.index + found[0].length;
  }
  if (at < line.length) parts.push({ kind: 'text', text: line.slice(at) });
  return parts;
}
