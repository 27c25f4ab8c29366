/**
 * Search highlights (docs/api.md §4 Blogs: GET /blogs/search). A word of the title or text matches when
 * one of its search forms (as written and its stems, by the search analyzer: the same as the stored
 * terms) starts with one of the query's terms, as the prefix search found it, or, when the substring
 * fallback found the post, contains one. Matches are wrapped in <em>; everything else is HTML-escaped, so the only
 * markup in the result is the highlight itself.
 */
import { HIGHLIGHT_TAG } from '../../../contract/blogs';
import { indexTerms } from '../../search/db-query';

/** A word as the tokenizer sees it, joiners included so a conjunct is not cut in two. */
const WORD = /[\p{L}\p{M}\p{N}\u200c\u200d]+/gu;
const JOINERS = /[\u200c\u200d]/g;
/** Characters of text shown around the first match. */
export const SNIPPET_LENGTH = 240;

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** `prefix`: a word starting with a token matches (the indexed search); `infix`: one containing it (the fallback). */
export type MatchMode = 'prefix' | 'infix';

function isMatch(word: string, tokens: readonly string[], mode: MatchMode): boolean {
  const forms = indexTerms(word.replace(JOINERS, ''));
  return tokens.some((token) =>
    forms.some((form) => (mode === 'prefix' ? form.startsWith(token) : form.includes(token))),
  );
}

interface Span {
  start: number;
  end: number;
}

function matches(text: string, tokens: readonly string[], mode: MatchMode): Span[] {
  const spans: Span[] = [];
  if (tokens.length === 0) return spans;
  for (const word of text.matchAll(WORD)) {
    if (isMatch(word[0], tokens, mode)) spans.push({ start: word.index, end: word.index + word[0].length });
  }
  return spans;
}

function render(text: string, spans: readonly Span[], from: number, to: number): string {
  let out = '';
  let at = from;
  for (const span of spans) {
    if (span.end <= from || span.start >= to) continue;
    const start = Math.max(span.start, from);
    const end = Math.min(span.end, to);
    out += `${escapeHtml(text.slice(at, start))}<${HIGHLIGHT_TAG}>${escapeHtml(text.slice(start, end))}</${HIGHLIGHT_TAG}>`;
    at = end;
  }
  return out + escapeHtml(text.slice(at, to));
}

/** The whole text, escaped, with matching words highlighted. */
export function highlight(text: string, tokens: readonly string[], mode: MatchMode = 'prefix'): string {
  return render(text, matches(text, tokens, mode), 0, text.length);
}

/**
 * About SNIPPET_LENGTH characters of `text` around its first match (or its start), cut at spaces,
 * with an ellipsis where text was left out; escaped, matches highlighted.
 */
export function highlightSnippet(
  text: string,
  tokens: readonly string[],
  mode: MatchMode = 'prefix',
  length = SNIPPET_LENGTH,
): string {
  const spans = matches(text, tokens, mode);
  if (text.length <= length) return render(text, spans, 0, text.length);
  const first = spans[0]?.start ?? 0;
  let from = Math.max(0, first - Math.floor(length / 4));
  let to = Math.min(text.length, from + length);
  from = Math.max(0, to - length);
  if (from > 0) {
    const space = text.indexOf(' ', from);
    if (space !== -1 && space < first) from = space + 1;
  }
  if (to < text.length) {
    const space = text.lastIndexOf(' ', to);
    if (space > from && space > (spans[0]?.end ?? 0)) to = space;
  }
  return `${from > 0 ? '… ' : ''}${render(text, spans, from, to)}${to < text.length ? ' …' : ''}`;
}
