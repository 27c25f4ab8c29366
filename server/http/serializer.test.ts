/**
 * The compiled response writers (server/http/serializer.ts) as production runs them (no cross-check):
 * nothing outside the contract reaches the client at any depth, nullable groups and records are
 * written as zod writes them, and a schema the compiler leaves to zod (a union) still strips.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { successEnvelope } from '../../contract/envelope';
import { compileResponseSchema, responseSerializerCompiler } from './serializer';

const Item = z.object({ id: z.uuid(), name: z.string() });
const Data = z.object({
  item: Item,
  items: z.array(Item),
  owner: z.object({ email: z.string(), firm: z.string().nullable() }).nullable(),
  note: z.string().nullable().optional(),
  extra: z.record(z.string(), z.unknown()),
});
const ID = '97357d19-f358-455a-8a43-5ddc5bb016ac';

let app: FastifyInstance | null = null;
afterEach(async () => {
  await app?.close();
  app = null;
});

async function answer(schema: z.ZodType, data: unknown, crossCheck = false): Promise<{ status: number; body: string }> {
  app = Fastify();
  app.setSerializerCompiler(responseSerializerCompiler({ crossCheck }));
  app.get('/t', { schema: { response: { 200: successEnvelope(schema) } } }, async () => ({
    version: 'v1',
    status: 200,
    timestamp: '2026-11-28T00:00:00.000Z',
    path: '/t',
    data,
    passwordHash: 'leak',
  }));
  const response = await app.inject({ method: 'GET', url: '/t' });
  return { status: response.statusCode, body: response.body };
}

describe('compiled response writers', () => {
  it('compile the closed shapes of the contract', () => {
    expect(compileResponseSchema(successEnvelope(Data))).not.toBeNull();
    expect(compileResponseSchema(successEnvelope(z.union([Item, z.object({ other: z.string() })])))).toBeNull();
  });

  it('write only what the schema names, at every depth', async () => {
    const { status, body } = await answer(Data, {
      item: { id: ID, name: 'a', secret: 1 },
      items: [{ id: ID, name: 'b', token: 'x' }],
      owner: { email: 'o@example.test', firm: null, passwordHash: 'y' },
      extra: { kept: { deep: true } },
      internal: 'z',
    });
    expect(status).toBe(200);
    expect(JSON.parse(body)).toEqual({
      version: 'v1',
      status: 200,
      timestamp: '2026-11-28T00:00:00.000Z',
      path: '/t',
      data: {
        item: { id: ID, name: 'a' },
        items: [{ id: ID, name: 'b' }],
        owner: { email: 'o@example.test', firm: null },
        extra: { kept: { deep: true } },
      },
    });
    expect(body).not.toMatch(/secret|token|passwordHash|leak|internal/);
  });

  it('write a null group and leave out an absent optional field, as zod does', async () => {
    const { body } = await answer(Data, { item: { id: ID, name: 'a' }, items: [], owner: null, note: null, extra: {} });
    expect(JSON.parse(body).data).toEqual({
      item: { id: ID, name: 'a' },
      items: [],
      owner: null,
      note: null,
      extra: {},
    });
  });

  it('leave a union to zod, which strips too', async () => {
    const union = z.union([z.object({ kind: z.literal('a'), id: z.string() }), z.object({ kind: z.literal('b') })]);
    const { status, body } = await answer(union, { kind: 'a', id: 'x', secret: 1 });
    expect(status).toBe(200);
    expect(JSON.parse(body).data).toEqual({ kind: 'a', id: 'x' });
  });

  it('under the cross-check (tests), refuse what zod refuses', async () => {
    const { status } = await answer(
      Data,
      { item: { id: 'not-a-uuid', name: 'a' }, items: [], owner: null, extra: {} },
      true,
    );
    expect(status).toBe(500);
  });
});
