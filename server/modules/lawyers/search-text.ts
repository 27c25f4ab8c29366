/**
 * The directory's search tokens, made here rather than by PostgreSQL's text parser: that parser
 * splits Bangla differently per server locale (C.UTF-8 breaks "র‍্যাব" at the zero-width joiner,
 * PGlite keeps it whole) and has no Bangla dictionary. A token is a run of letters, combining marks
 * (Bangla vowel signs, hasanta) and digits, in NFC and lower case, so "মোঃ", "Rahman" and
 * "ঢাকা-১" tokenize the same way on every database. The profile stores tokens joined by single
 * spaces; the schema turns them into a tsvector verbatim (array_to_tsvector), and queries are built
 * from the same tokens as prefix terms.
 */

/** Zero-width (non-)joiners shape Bangla conjuncts; they are not word breaks and do not change meaning. */
const JOINERS = /[\u200c\u200d]/g;
const TOKEN = /[\p{L}\p{M}\p{N}]+/gu;
/** PostgreSQL refuses lexemes of 2 KB and more; real words are far shorter. */
const MAX_TOKEN_LENGTH = 100;
/** A search asks for at most this many words (the rest of a pasted paragraph is ignored). */
export const MAX_QUERY_TOKENS = 8;

export function searchTokens(...texts: readonly (string | null | undefined)[]): string[] {
  const tokens = new Set<string>();
  for (const text of texts) {
    if (!text) continue;
    const normalized = text.normalize('NFC').replace(JOINERS, '').toLowerCase();
    for (const match of normalized.matchAll(TOKEN)) tokens.add(match[0].slice(0, MAX_TOKEN_LENGTH));
  }
  return [...tokens];
}

/** The stored form: unique tokens joined by one space (array_to_tsvector splits on it). */
export function searchDocument(...texts: readonly (string | null | undefined)[]): string {
  return searchTokens(...texts).join(' ');
}

/**
 * tsquery text over tokens: each as a prefix ('rahm':*) or exact ('rahman'), joined by AND or OR.
 * Tokens hold only letters, marks and digits (see searchTokens), so quoting them needs no escaping.
 */
export function tsQuery(tokens: readonly string[], operator: '&' | '|', prefix: boolean): string {
  return tokens.map((token) => `'${token}'${prefix ? ':*' : ''}`).join(` ${operator} `);
}
