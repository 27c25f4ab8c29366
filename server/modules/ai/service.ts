/**
 * The AI API's rules (docs/api.md §9). Who may use it: USER accounts and APPROVED lawyers, with a
 * verified email. Document search: one ranked list over the law corpus and the caller's visible
 * case documents, each result with a highlighted snippet.
 *
 * The law corpus is loaded into the database and indexed in memory on first need (ready()), not at
 * build: a test or an instance that never searches pays nothing, and main.ts warms it after listen
 * so the first citizen does not wait.
 */
import type { AiSearchBody, AiSearchResponse, AiSearchResult } from '../../../contract/ai';
import { AiMessages } from '../../../contract/ai';
import { ServerMessages } from '../../../contract/errors';
import { readPackedCorpus, type LawCorpus } from '../../ai/corpus/corpus';
import { ensureLawCorpus, readLawCorpus } from '../../ai/corpus/load';
import { searchDocuments, type DocumentHit } from '../../ai/retrieval/document-search';
import { analyzeQuery, type AnalyzedQuery } from '../../ai/retrieval/expand';
import { LawRetriever, type LawHit } from '../../ai/retrieval/law-retriever';
import { highlight } from '../../ai/retrieval/snippet';
import type { Database } from '../../db/client';
import { forbidden } from '../../http/app-error';
import type { Actor } from '../auth/policy';
import type { LlmClient } from '../../ai/llm/client';
import { AiChatService } from './chat-service';
import { TextExtractor } from '../assets/extract-text';
import { AiRepository } from './repository';
import { AiSessionDocumentsService } from './session-documents';

export interface AiServiceDeps {
  db: Database;
  /** The packed corpus (tests may pass a smaller one); default: server/ai/corpus/laws.json.gz. */
  corpus?: () => LawCorpus;
  logger?: { info(object: object, message: string): void };
  /** The model that writes chat answers (LLM_BASE_URL); null: answers composed without one. */
  llm?: LlmClient | null;
  /** Reads the text of session documents; default: the same worker-based reader as case documents. */
  extractor?: TextExtractor;
}

export class AiService {
  private readonly repository: AiRepository;
  private retriever: Promise<LawRetriever> | null = null;
  /** Chat and sessions (./chat-service.ts). */
  readonly chat: AiChatService;
  /** Documents attached to a session (./session-documents.ts). */
  readonly documents: AiSessionDocumentsService;

  constructor(private readonly deps: AiServiceDeps) {
    this.repository = new AiRepository(deps.db);
    this.documents = new AiSessionDocumentsService({
      db: deps.db,
      extractor: deps.extractor ?? new TextExtractor(),
      assertAllowed: (actor) => this.assertAllowed(actor),
    });
    this.chat = new AiChatService({
      db: deps.db,
      retriever: () => this.ready(),
      assertAllowed: (actor) => this.assertAllowed(actor),
      llm: deps.llm ?? null,
      sessionTexts: (sessionId, userId) => this.documents.repository.texts(sessionId, userId),
    });
  }

  /** Loads the corpus into the database when missing and builds the index, once per process. */
  ready(): Promise<LawRetriever> {
    this.retriever ??= this.prepare().catch((error: unknown) => {
      this.retriever = null;
      throw error;
    });
    return this.retriever;
  }

  async assertAllowed(actor: Actor): Promise<void> {
    if (!actor.emailVerified) throw forbidden(ServerMessages.emailNotVerified);
    if (actor.role === 'USER') return;
    if (actor.role === 'LAWYER' && (await this.repository.isApprovedLawyer(actor.userId))) return;
    throw forbidden(AiMessages.notAllowed);
  }

  async search(actor: Actor, body: AiSearchBody): Promise<AiSearchResponse> {
    await this.assertAllowed(actor);
    const query = analyzeQuery(body.query);
    const wantLaws = body.scope !== 'documents';
    const wantDocuments = body.scope !== 'laws' && body.act_id === undefined;
    const [laws, documents] = await Promise.all([
      wantLaws ? this.searchLaws(query, body) : Promise.resolve([]),
      wantDocuments ? this.searchDocuments(actor, query, body.top_k) : Promise.resolve([]),
    ]);
    const terms = new Set(query.weighted.map((t) => t.term));
    const merged = [
      ...relative(laws).map(({ item, score }) => lawResult(item, score, terms)),
      ...relative(documents).map(({ item, score }) => documentResult(item, score, terms)),
    ]
      .filter((result) => result.score >= body.threshold)
      // A document of the caller's own case first when it matches as well as a law does.
      .sort((a, b) => b.score - a.score || (a.source === 'document' ? -1 : 1));
    const results = merged.slice(0, body.top_k);
    return { results, query: body.query, total_found: merged.length };
  }

  private async searchLaws(query: AnalyzedQuery, body: AiSearchBody): Promise<LawHit[]> {
    const retriever = await this.ready();
    return retriever.search(query, {
      limit: body.top_k,
      ...(body.language ? { language: body.language } : {}),
      ...(body.act_id !== undefined ? { actId: body.act_id } : {}),
    });
  }

  private async searchDocuments(actor: Actor, query: AnalyzedQuery, limit: number): Promise<DocumentHit[]> {
    const documents = await this.repository.searchableDocuments(actor.userId);
    return searchDocuments(documents, query, limit);
  }

  private async prepare(): Promise<LawRetriever> {
    const started = performance.now();
    const corpus = (this.deps.corpus ?? readPackedCorpus)();
    const outcome = await ensureLawCorpus(this.deps.db, corpus);
    const retriever = LawRetriever.build(await readLawCorpus(this.deps.db));
    this.deps.logger?.info(
      { outcome, sections: corpus.sections.length, ms: Math.round(performance.now() - started) },
      'law corpus ready',
    );
    return retriever;
  }
}

/** Scores scaled so the best of a list is 1 (BM25 scores mean nothing across searches). */
function relative<T extends { score: number }>(hits: readonly T[]): { item: T; score: number }[] {
  const best = hits[0]?.score ?? 0;
  return best > 0 ? hits.map((item) => ({ item, score: round(item.score / best) })) : [];
}

function round(n: number): number {
  return Math.round(n * 1000) / 1000;
}

function lawResult(hit: LawHit, score: number, terms: ReadonlySet<string>): AiSearchResult {
  const { section, act, status } = hit;
  return {
    id: section.id,
    source: 'law',
    score,
    text: section.text,
    snippet: highlight(section.text, terms),
    document_name: act.title,
    title: act.title,
    heading: section.heading,
    act_id: act.actId,
    section: section.section,
    url: act.url,
    language: act.language,
    status: status.kind,
    replaced_by: status.kind === 'repealed' ? status.replacedBy : null,
    status_note: status.kind === 'in_force' ? null : status.note,
    document_id: null,
    case_id: null,
  };
}

function documentResult(hit: DocumentHit, score: number, terms: ReadonlySet<string>): AiSearchResult {
  return {
    id: `doc-${hit.document.id}#${hit.part}`,
    source: 'document',
    score,
    text: hit.text,
    snippet: highlight(hit.text, terms),
    document_name: hit.document.title,
    title: hit.document.title,
    heading: '',
    act_id: null,
    section: null,
    url: null,
    language: null,
    status: null,
    replaced_by: null,
    status_note: null,
    document_id: hit.document.id,
    case_id: hit.document.caseId,
  };
}
