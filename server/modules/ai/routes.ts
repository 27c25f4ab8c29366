/**
 * HTTP entry points of the AI API at /ai/v1 (docs/api.md §9). It keeps the shape of the service it
 * replaces: no envelope, the object itself on success and `{ detail }` on every error, validation
 * failures as 422. The same bearer token as /v1 authenticates; the service decides who may use it.
 */
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AI_API_PREFIX,
  AiChatBodySchema,
  AiChatResponseSchema,
  AiCreateSessionBodySchema,
  AiDocumentRemovedSchema,
  AiErrorSchema,
  AiHealthSchema,
  AiHistorySchema,
  AiRenameSessionBodySchema,
  AiSearchBodySchema,
  AiSearchDocumentsBodySchema,
  AiSearchDocumentsSchema,
  AiSearchResponseSchema,
  AiSessionCreatedSchema,
  AiSessionDocumentSchema,
  AiSessionDocumentsSchema,
  AiSessionSchema,
  AiUserSessionsSchema,
} from '../../../contract/ai';
import { ServerMessages } from '../../../contract/errors';
import { isAppError, unauthorized } from '../../http/app-error';
import type { Actor } from '../auth/policy';
import type { AiService } from './service';
import { readSessionUpload } from './session-documents';
import { isMalformedMultipart } from '../../plugins/error-handler';

const BEARER = /^Bearer +([A-Za-z0-9._~+/-]+=*) *$/i;
const ERRORS = {
  400: AiErrorSchema,
  401: AiErrorSchema,
  403: AiErrorSchema,
  404: AiErrorSchema,
  422: AiErrorSchema,
  500: AiErrorSchema,
};
const SessionParams = z.object({ id: z.string().max(200) });

export interface AiRouteDeps {
  authenticate: (accessToken: string) => Promise<Actor>;
  ai: AiService;
}

export async function registerAiRoutes(app: FastifyInstance, deps: AiRouteDeps): Promise<void> {
  await app.register(
    async (scope) => {
      scope.setErrorHandler((error: FastifyError, request, reply) => {
        const { status, detail } = classify(error);
        if (status >= 500) request.log.error({ err: error }, 'AI request failed');
        return reply.code(status).send({ detail });
      });
      const actorOf = async (request: FastifyRequest): Promise<Actor> => {
        const header = request.headers.authorization;
        if (!header) throw unauthorized(ServerMessages.unauthorized);
        const token = BEARER.exec(header)?.[1];
        if (!token) throw unauthorized(ServerMessages.invalidToken);
        return deps.authenticate(token);
      };

      scope.withTypeProvider<ZodTypeProvider>().post(
        '/search',
        {
          schema: {
            tags: ['AI'],
            summary:
              'Search the laws of Bangladesh and the documents of my cases that I may see, with highlighted snippets',
            security: [{ bearerAuth: [] }],
            body: AiSearchBodySchema,
            response: { 200: AiSearchResponseSchema, ...ERRORS },
          },
        },
        async (request) => deps.ai.search(await actorOf(request), request.body),
      );

      const typed = scope.withTypeProvider<ZodTypeProvider>();
      const secured = { tags: ['AI'], security: [{ bearerAuth: [] }] };
      typed.post(
        '/chat',
        {
          schema: {
            ...secured,
            summary: 'Ask the legal assistant; the answer cites only retrieved sections of Bangladeshi law',
            body: AiChatBodySchema,
            response: { 200: AiChatResponseSchema, ...ERRORS },
          },
        },
        async (request) => deps.ai.chat.chat(await actorOf(request), request.body),
      );
      typed.post(
        '/sessions',
        {
          schema: {
            ...secured,
            summary: 'Start a chat session',
            body: AiCreateSessionBodySchema.optional(),
            response: { 200: AiSessionCreatedSchema, ...ERRORS },
          },
        },
        async (request) => deps.ai.chat.createSession(await actorOf(request), request.body?.title),
      );
      typed.get(
        '/sessions/:id',
        {
          schema: {
            ...secured,
            summary: 'One of my chat sessions',
            params: SessionParams,
            response: { 200: AiSessionSchema, ...ERRORS },
          },
        },
        async (request) => deps.ai.chat.session(await actorOf(request), request.params.id),
      );
      typed.patch(
        '/sessions/:id',
        {
          schema: {
            ...secured,
            summary: 'Rename one of my chat sessions',
            params: SessionParams,
            body: AiRenameSessionBodySchema,
            response: { 200: AiSessionSchema, ...ERRORS },
          },
        },
        async (request) => deps.ai.chat.rename(await actorOf(request), request.params.id, request.body.title),
      );
      typed.delete(
        '/sessions/:id',
        {
          schema: {
            ...secured,
            summary: 'Delete one of my chat sessions and its messages',
            params: SessionParams,
            response: { 200: AiSessionCreatedSchema, ...ERRORS },
          },
        },
        async (request) => deps.ai.chat.remove(await actorOf(request), request.params.id),
      );
      typed.get(
        '/sessions/:id/history',
        {
          schema: {
            ...secured,
            summary: 'The messages of one of my chat sessions, oldest first',
            params: SessionParams,
            response: { 200: AiHistorySchema, ...ERRORS },
          },
        },
        async (request) => deps.ai.chat.history(await actorOf(request), request.params.id),
      );
      // `upload-document` is the reference API's name for the same call.
      for (const [path, alias] of [
        ['/sessions/:id/documents', ''],
        ['/sessions/:id/upload-document', ' (alias of …/documents)'],
      ] as const) {
        typed.post(
          path,
          {
            schema: {
              ...secured,
              summary: `Attach a PDF, DOCX or TXT (at most 10 MB) to one of my chat sessions; its text joins that session's answers${alias}`,
              consumes: ['multipart/form-data'],
              params: SessionParams,
              response: { 200: AiSessionDocumentSchema, ...ERRORS },
            },
          },
          async (request) => {
            const actor = await actorOf(request);
            return deps.ai.documents.upload(actor, request.params.id, await readSessionUpload(request));
          },
        );
      }
      typed.post(
        '/sessions/:id/search-documents',
        {
          schema: {
            ...secured,
            summary: "The passages of one of my chat sessions' documents that match a query, best first",
            params: SessionParams,
            body: AiSearchDocumentsBodySchema,
            response: { 200: AiSearchDocumentsSchema, ...ERRORS },
          },
        },
        async (request) => deps.ai.documents.search(await actorOf(request), request.params.id, request.body),
      );
      typed.get(
        '/health',
        {
          schema: {
            tags: ['AI'],
            summary: 'The AI API answers (no sign-in)',
            response: { 200: AiHealthSchema },
          },
        },
        () => ({ status: 'healthy' as const, service: 'LegalConnect AI' }),
      );
      typed.get(
        '/sessions/:id/documents',
        {
          schema: {
            ...secured,
            summary: 'The documents attached to one of my chat sessions',
            params: SessionParams,
            response: { 200: AiSessionDocumentsSchema, ...ERRORS },
          },
        },
        async (request) => deps.ai.documents.list(await actorOf(request), request.params.id),
      );
      typed.delete(
        '/sessions/:id/documents/:documentId',
        {
          schema: {
            ...secured,
            summary: 'Remove a document from one of my chat sessions',
            params: SessionParams.extend({ documentId: z.string().max(100) }),
            response: { 200: AiDocumentRemovedSchema, ...ERRORS },
          },
        },
        async (request) =>
          deps.ai.documents.remove(await actorOf(request), request.params.id, request.params.documentId),
      );
      typed.get(
        '/users/:userId/sessions',
        {
          schema: {
            ...secured,
            summary: 'My chat sessions, most recent first',
            params: z.object({ userId: z.string().max(100) }),
            querystring: z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) }),
            response: { 200: AiUserSessionsSchema, ...ERRORS },
          },
        },
        async (request) => deps.ai.chat.list(await actorOf(request), request.params.userId, request.query.limit),
      );
    },
    { prefix: AI_API_PREFIX },
  );
}

function classify(error: FastifyError): { status: number; detail: string } {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const messages = error.validation.map((issue) => issue.message ?? 'Invalid value');
    return { status: 422, detail: [...new Set(messages)].join(', ') };
  }
  if (isAppError(error)) return { status: error.statusCode, detail: error.message };
  if (error instanceof SyntaxError || error.code?.startsWith('FST_ERR_CTP')) {
    return { status: 400, detail: ServerMessages.malformedJson };
  }
  if (isMalformedMultipart(error)) return { status: 400, detail: ServerMessages.malformedMultipart };
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) return { status, detail: error.message };
  return { status: 500, detail: ServerMessages.internal };
}
