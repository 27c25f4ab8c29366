/**
 * Retrieval over the documents attached to one AI chat session. Their passages are ranked with the
 * same BM25 and terms as the laws (document-search.ts) and handed to the answer as hits shaped like
 * law hits, so relevance, citation checking and the model prompt treat both alike; the id prefix
 * `doc-` tells them apart (a passage has no Act, no bdlaws page and no status).
 *
 * BM25 scores of two indexes mean nothing to each other, so each list is scaled to its own best
 * before the merge; on a tie the user's own document comes first, since they attached it to ask
 * about it.
 */
import type { LawHit } from './law-retriever';
import type { AnalyzedQuery } from './expand';
import { searchDocuments, type SearchableDocument } from './document-search';

const DOCUMENT_PREFIX = 'doc-';
const BANGLA_LETTER = /[\u0980-\u09FF]/gu;
const ANY_LETTER = /\p{L}/gu;

export function isDocumentPassage(id: string): boolean {
  return id.startsWith(DOCUMENT_PREFIX);
}

export interface SessionDocumentText {
  id: string;
  fileName: string;
  text: string;
}

/** Mostly Bangla letters → 'bn'. */
function scriptOf(text: string): 'en' | 'bn' {
  const sample = text.slice(0, 5000);
  const letters = sample.match(ANY_LETTER)?.length ?? 0;
  const bangla = sample.match(BANGLA_LETTER)?.length ?? 0;
  return letters > 0 && bangla / letters > 0.5 ? 'bn' : 'en';
}

/** The best passages of a session's documents for a question, as hits the answer can cite. */
export function sessionDocumentHits(
  documents: readonly SessionDocumentText[],
  query: AnalyzedQuery,
  limit: number,
): LawHit[] {
  const searchable: SearchableDocument[] = documents.map((d) => ({
    id: d.id,
    caseId: '',
    title: d.fileName,
    text: d.text,
  }));
  return searchDocuments(searchable, query, limit).map((hit) => ({
    section: {
      id: `${DOCUMENT_PREFIX}${hit.document.id}#${hit.part}`,
      actId: 0,
      position: hit.part,
      section: String(hit.part + 1),
      heading: '',
      text: hit.text,
    },
    act: {
      actId: 0,
      title: hit.document.title,
      actNo: '',
      year: null,
      language: scriptOf(hit.text),
      url: '',
    },
    status: { kind: 'in_force' },
    score: hit.score,
  }));
}

/** Laws and document passages in one list, each scaled to its own best; documents first on a tie. */
export function mergeHits(laws: readonly LawHit[], documents: readonly LawHit[], limit: number): LawHit[] {
  const scaled = (hits: readonly LawHit[]) => {
    const best = hits[0]?.score ?? 0;
    return best > 0 ? hits.map((hit) => ({ ...hit, score: hit.score / best })) : [];
  };
  return [...scaled(documents), ...scaled(laws)]
    .sort(
      (a, b) => b.score - a.score || Number(isDocumentPassage(b.section.id)) - Number(isDocumentPassage(a.section.id)),
    )
    .slice(0, limit);
}
