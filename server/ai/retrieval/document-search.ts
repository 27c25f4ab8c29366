/**
 * Search over case documents: the extracted text of the documents a caller may see, cut into
 * passages and ranked by the same BM25 and terms as the laws. The documents differ per caller and
 * change with every upload, so the index is built per search over the caller's documents only (a
 * party sees tens of documents, not thousands); nothing of one caller's documents outlives the call.
 */
import type { AnalyzedQuery } from './expand';
import { LexicalIndex, type Passage } from './lexical-index';

export interface SearchableDocument {
  id: string;
  caseId: string;
  title: string;
  text: string;
}

export interface DocumentHit {
  document: SearchableDocument;
  /** 0-based part of the document. */
  part: number;
  text: string;
  score: number;
}

/** Characters per passage: about a page, so a hit points somewhere and a snippet can show it. */
const PASSAGE_CHARS = 1500;

/** The text cut into passages of about PASSAGE_CHARS, at a paragraph, sentence or word boundary. */
export function passagesOf(text: string): string[] {
  const parts: string[] = [];
  let rest = text.normalize('NFC').trim();
  while (rest.length > PASSAGE_CHARS) {
    const window = rest.slice(0, PASSAGE_CHARS);
    const cut = Math.max(
      window.lastIndexOf('\n\n'),
      window.lastIndexOf('। '),
      window.lastIndexOf('. '),
      window.lastIndexOf('\n'),
    );
    const at = cut > PASSAGE_CHARS / 2 ? cut + 1 : Math.max(window.lastIndexOf(' '), PASSAGE_CHARS / 2);
    parts.push(rest.slice(0, at).trim());
    rest = rest.slice(at).trim();
  }
  if (rest) parts.push(rest);
  return parts;
}

export function searchDocuments(
  documents: readonly SearchableDocument[],
  query: AnalyzedQuery,
  limit: number,
): DocumentHit[] {
  const parts: { document: SearchableDocument; part: number; text: string }[] = [];
  for (const document of documents) {
    passagesOf(document.text).forEach((text, part) => parts.push({ document, part, text }));
  }
  if (parts.length === 0) return [];
  const passages: Passage[] = parts.map((p, index) => ({
    index,
    heading: p.part === 0 ? p.document.title : '',
    text: p.text,
    title: p.document.title,
  }));
  return LexicalIndex.build(passages)
    .rank(query.weighted, limit)
    .flatMap(({ index, score }) => {
      const part = parts[index];
      return part ? [{ ...part, score }] : [];
    });
}
