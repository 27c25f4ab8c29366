/**
 * Registers a handler for an entry of the contract's route table. Everything the entry says is
 * applied here once: the /v1 path, access (bearer → session → verified → role), body/query/params
 * validation, the success envelope and its status, the error envelopes, Idempotency-Key on POST/PUT,
 * and the OpenAPI description. Handlers only return `{ data, message }`.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ErrorEnvelopeSchema, successEnvelope } from '../../contract/envelope';
import { ServerMessages } from '../../contract/errors';
import type { RouteDef } from '../../contract/routes';
import type { Clock } from '../clock';
import { accessDenial, type Actor } from '../modules/auth/policy';
import type { Idempotency } from '../plugins/idempotency';
import { unauthorized } from './app-error';
import { successBody, type SuccessResult } from './envelope';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user on non-public routes (set before validation runs). */
    actor: Actor | null;
  }
}

type Output<T> = T extends z.ZodType ? z.output<T> : undefined;

export interface RouteContext<D extends RouteDef> {
  body: D extends { body: infer B } ? Output<B> : undefined;
  query: D extends { querystring: infer Q } ? Output<Q> : undefined;
  params: D extends { params: infer P } ? Output<P> : undefined;
  actor: D['access'] extends 'public' ? null : Actor;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** JSON routes return their data; raw routes (`data: null`) send the bytes themselves. */
export type RouteOutcome<D extends RouteDef> = D['data'] extends z.ZodType
  ? SuccessResult<z.input<D['data']>>
  : FastifyReply;

export type RouteHandler<D extends RouteDef> = (context: RouteContext<D>) => Promise<RouteOutcome<D>>;

export type AddRoute = <D extends RouteDef>(def: D, handler: RouteHandler<D>) => void;

export interface RouteRegistrarDeps {
  authenticate: (accessToken: string) => Promise<Actor>;
  idempotency: Idempotency;
  clock: Clock;
}

const BEARER = /^Bearer +([A-Za-z0-9._~+/-]+=*) *$/i;

export function createRouteRegistrar(app: FastifyInstance, deps: RouteRegistrarDeps): AddRoute {
  return (def, handler) => {
    const idempotent = (def.method === 'POST' || def.method === 'PUT') && def.access !== 'public' && !def.multipart;
    const response: Record<number, z.ZodType> = {};
    if (def.data !== null) response[def.status] = successEnvelope(def.data);
    for (const status of def.errors) response[status] = ErrorEnvelopeSchema;

    app.route({
      method: def.method,
      url: `/v1${def.path}`,
      schema: {
        tags: [def.tag],
        summary: def.summary,
        ...(def.body && !def.multipart ? { body: def.body } : {}),
        ...(def.querystring ? { querystring: def.querystring } : {}),
        ...(def.params ? { params: def.params } : {}),
        ...(def.multipart ? { consumes: ['multipart/form-data'] } : {}),
        ...(def.access === 'public' ? {} : { security: [{ bearerAuth: [] }] }),
        response,
      },
      onRequest:
        def.access === 'public'
          ? undefined
          : async (request: FastifyRequest) => {
              const header = request.headers.authorization;
              if (!header) throw unauthorized(ServerMessages.unauthorized);
              const token = BEARER.exec(header)?.[1];
              if (!token) throw unauthorized(ServerMessages.invalidToken);
              const actor = await deps.authenticate(token);
              request.actor = actor;
              const denial = accessDenial(actor, def.access);
              if (denial) throw denial;
            },
      preHandler: idempotent ? deps.idempotency.preHandler : undefined,
      onSend: idempotent ? deps.idempotency.onSend : undefined,
      onRequestAbort: idempotent ? deps.idempotency.release : undefined,
      handler: async (request, reply) => {
        const context = {
          body: request.body,
          query: request.query,
          params: request.params,
          actor: request.actor,
          request,
          reply,
        } as unknown as RouteContext<typeof def>;
        const outcome = await handler(context);
        if (def.data === null) return outcome;
        reply.code(def.status);
        return successBody(request, def.status, outcome as SuccessResult<unknown>, deps.clock.now());
      },
    });
  };
}
