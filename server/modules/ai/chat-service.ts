/**
 * The AI assistant's chat and sessions (docs/api.md §9). A message is answered from the law sections
 * retrieved for it only: by the model behind LLM_BASE_URL when configured (citations it makes that
 * are not among the retrieved sections are dropped), otherwise composed from the sections
 * (server/ai/answer). The question and the answer, with its sources, are stored in the session.
 * Sessions belong to one user; someone else's session answers 404, never 403, so ids leak nothing.
 */
import { randomUUID } from 'node:crypto';
import {
  AiChatMessages,
  AiHistoryMessageSchema,
  isAiSessionId,
  type AiChatBody,
  type AiChatResponse,
  type AiChatSource,
  type AiHistory,
  type AiHistoryMessage,
  type AiSession,
  type AiUserSessions,
} from '../../../contract/ai';
import type { AnswerCitation } from '../../ai/answer/compose';
import type { LlmClient } from '../../ai/llm/client';
import { generateAnswer } from '../../ai/llm/grounded';
import { analyzeQuery } from '../../ai/retrieval/expand';
import type { LawRetriever } from '../../ai/retrieval/law-retriever';
import { mergeHits, sessionDocumentHits, type SessionDocumentText } from '../../ai/retrieval/session-documents';
import type { Database } from '../../db/client';
import { forbidden, notFound } from '../../http/app-error';
import type { Actor } from '../auth/policy';
import { AiChatRepository, type AiSessionRow } from './chat-repository';

export interface AiChatDeps {
  db: Database;
  /** The index (AiService.ready). */
  retriever: () => Promise<LawRetriever>;
  assertAllowed: (actor: Actor) => Promise<void>;
  llm: LlmClient | null;
  /** The readable texts of the documents attached to a session (session-documents.ts). */
  sessionTexts: (sessionId: string, userId: string) => Promise<SessionDocumentText[]>;
}

const TITLE_CHARS = 60;

export class AiChatService {
  private readonly repository: AiChatRepository;

  constructor(private readonly deps: AiChatDeps) {
    this.repository = new AiChatRepository(deps.db);
  }

  async createSession(actor: Actor, title: string | undefined): Promise<{ session_id: string; message: string }> {
    await this.deps.assertAllowed(actor);
    const id = randomUUID();
    await this.repository.create(id, actor.userId, title ?? 'New chat');
    return { session_id: id, message: AiChatMessages.sessionCreated };
  }

  async session(actor: Actor, id: string): Promise<AiSession> {
    await this.deps.assertAllowed(actor);
    return sessionOut(await this.owned(actor, id));
  }

  async rename(actor: Actor, id: string, title: string): Promise<AiSession> {
    await this.deps.assertAllowed(actor);
    if (!isAiSessionId(id) || !(await this.repository.rename(id, actor.userId, title))) {
      throw notFound(AiChatMessages.sessionNotFound);
    }
    return sessionOut(await this.owned(actor, id));
  }

  async remove(actor: Actor, id: string): Promise<{ session_id: string; message: string }> {
    await this.deps.assertAllowed(actor);
    if (!isAiSessionId(id) || !(await this.repository.remove(id, actor.userId))) {
      throw notFound(AiChatMessages.sessionNotFound);
    }
    return { session_id: id, message: AiChatMessages.sessionDeleted };
  }

  async history(actor: Actor, id: string): Promise<AiHistory> {
    await this.deps.assertAllowed(actor);
    const session = await this.owned(actor, id);
    const messages = (await this.repository.messages(id)).map((m): AiHistoryMessage => ({
      id: m.id,
      role: m.role === 'assistant' ? 'assistant' : 'user',
      content: m.content,
      metadata: AiHistoryMessageSchema.shape.metadata.safeParse(m.metadata).data ?? {},
      created_at: m.createdAt.toISOString(),
    }));
    return { session_id: id, session_info: sessionOut(session), messages, total_messages: messages.length };
  }

  async list(actor: Actor, userId: string, limit: number): Promise<AiUserSessions> {
    await this.deps.assertAllowed(actor);
    if (userId !== actor.userId) throw forbidden(AiChatMessages.ownSessionsOnly);
    const { rows, total } = await this.repository.list(actor.userId, limit);
    return { user_id: actor.userId, sessions: rows.map(sessionOut), total_sessions: total };
  }

  async chat(actor: Actor, body: AiChatBody): Promise<AiChatResponse> {
    await this.deps.assertAllowed(actor);
    const sessionId = body.session_id ?? randomUUID();
    const owner = await this.repository.ownerOf(sessionId);
    if (owner !== null && owner !== actor.userId) throw notFound(AiChatMessages.sessionNotFound);
    if (owner === null) await this.repository.create(sessionId, actor.userId, titleOf(body.message));

    const retriever = await this.deps.retriever();
    const query = analyzeQuery(body.message);
    const limit = Math.max(body.context_limit, 8);
    const laws = retriever.search(query, { limit });
    // Documents attached to this session (never to another) compete with the laws for the answer.
    const texts = owner === null ? [] : await this.deps.sessionTexts(sessionId, actor.userId);
    const hits = texts.length > 0 ? mergeHits(laws, sessionDocumentHits(texts, query, limit), limit) : laws;
    const answer = await generateAnswer({
      question: body.message,
      query,
      hits,
      llm: this.deps.llm,
      ...(body.language ? { language: body.language } : {}),
    });
    const relevance = new Map(hits.map((h) => [h.section.id, h.score / (hits[0]?.score || 1)]));
    const sources = answer.citations.map((c) => sourceOut(c, relevance.get(c.id) ?? 0));
    const metadata = {
      language: answer.language,
      found: answer.found,
      specializations: answer.specializations,
      find_lawyer_url: answer.find_lawyer_url,
      generator: answer.generator,
      lead: answer.lead,
      intent: answer.intent,
      lawyer: answer.lawyer,
    };
    await this.repository.addExchange(sessionId, body.message, {
      content: answer.text,
      metadata: { sources, answer: metadata },
    });
    return { response: answer.text, session_id: sessionId, sources, metadata };
  }

  private async owned(actor: Actor, id: string): Promise<AiSessionRow> {
    const row = isAiSessionId(id) ? await this.repository.find(id, actor.userId) : null;
    if (!row) throw notFound(AiChatMessages.sessionNotFound);
    return row;
  }
}

function titleOf(message: string): string {
  const line = message.trim().replace(/\s+/g, ' ');
  return line.length > TITLE_CHARS ? `${line.slice(0, TITLE_CHARS).trimEnd()}…` : line;
}

function sessionOut(row: AiSessionRow): AiSession {
  return {
    id: row.id,
    session_id: row.id,
    user_id: row.userId,
    title: row.title,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    message_count: row.messageCount,
  };
}

function sourceOut(c: AnswerCitation, score: number): AiChatSource {
  const similarity_score = Math.round(score * 1000) / 1000;
  if (c.source === 'document') {
    return {
      id: c.id,
      document_name: c.act_title,
      filename: c.act_title,
      page_number: Number(c.section ?? '1'),
      similarity_score,
      act_id: null,
      act_title: c.act_title,
      section: null,
      heading: c.heading,
      text: c.text,
      url: null,
      language: c.language,
      status: null,
      replaced_by: null,
      status_note: null,
      highlight: c.highlight,
      highlight_start: c.highlight_start,
    };
  }
  return {
    id: c.id,
    document_name: c.act_title,
    filename: null,
    page_number: null,
    similarity_score,
    act_id: c.act_id,
    act_title: c.act_title,
    section: c.section,
    heading: c.heading,
    text: c.text,
    url: c.url,
    language: c.language,
    status: c.status,
    replaced_by: c.replaced_by,
    status_note: c.status_note,
    highlight: c.highlight,
    highlight_start: c.highlight_start,
  };
}
