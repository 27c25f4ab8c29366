/**
 * Response serialisation: every route's response schemas (zod, from contract/routes.ts) are compiled
 * once at start into fast-json-stringify functions (docs/benchmarks.md, "Compiled responses").
 * A compiled function writes exactly the properties its schema names — objects are closed
 * (`additionalProperties: false`) — so, as with the zod encode it replaces, no field outside the
 * contract can reach a client, nested or not.
 *
 * What fast-json-stringify would treat differently from zod is left to zod (encode, then
 * JSON.stringify, as fastify-type-provider-zod does): unions and intersections (it picks a branch
 * with a validator that would refuse the extra fields zod strips), references, and anything
 * JSON Schema cannot express. A compiled function does not check values (a number sent as a string
 * is written, not refused); under NODE_ENV=test `crossCheck` runs zod on every response as well, fails
 * the response when zod refuses it as before, and fails it when the two writers disagree, so the
 * server tests keep zod as the oracle of every answer they see.
 */
import { isDeepStrictEqual } from 'node:util';
import type { FastifySerializerCompiler } from 'fastify';
import fastJson, { type Schema as FastJsonSchema } from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type Serializer = (data: unknown) => string;

/** JSON Schema keywords fast-json-stringify writes exactly as zod would (see isPlain). */
const PLAIN_KEYWORDS = new Set([
  '$schema',
  'type',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'enum',
  'const',
  'format',
  'pattern',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'propertyNames',
  'default',
  'description',
  'nullable',
]);

type JsonSchema = Record<string, unknown>;

const isObject = (value: unknown): value is JsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A nullable object or array comes out of zod as `anyOf: [schema, {type: 'null'}]`; fast-json-stringify
 * says the same with `nullable: true` without a validator. Other unions are left as they are (and so
 * go to zod).
 */
function simplify(schema: JsonSchema): JsonSchema {
  const anyOf = schema.anyOf;
  if (Array.isArray(anyOf) && anyOf.length === 2 && Object.keys(schema).length === 1) {
    const nullIndex = anyOf.findIndex(
      (branch) => isObject(branch) && branch.type === 'null' && Object.keys(branch).length === 1,
    );
    const other = anyOf[1 - nullIndex];
    if (nullIndex !== -1 && isObject(other) && typeof other.type === 'string') {
      return simplify({ ...other, nullable: true });
    }
  }
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'properties' && isObject(value)) {
      out[key] = Object.fromEntries(
        Object.entries(value).map(([name, property]) => [name, isObject(property) ? simplify(property) : property]),
      );
    } else if ((key === 'items' || key === 'additionalProperties') && isObject(value)) {
      out[key] = simplify(value);
    } else {
      out[key] = value;
    }
  }
  return out;
}

/** Only keywords fast-json-stringify follows as zod does, every object closed or a record of anything. */
function isPlain(schema: JsonSchema): boolean {
  for (const [key, value] of Object.entries(schema)) {
    if (!PLAIN_KEYWORDS.has(key)) return false;
    if (key === 'properties') {
      if (!isObject(value) || !Object.values(value).every((property) => isObject(property) && isPlain(property))) {
        return false;
      }
    }
    if (key === 'items' && !(isObject(value) && isPlain(value))) return false;
    if (key === 'additionalProperties' && value !== false && !(isObject(value) && isPlain(value))) return false;
  }
  // An object with named properties must be closed; one without is a record (its values are written as they are).
  if (schema.type === 'object' && isObject(schema.properties) && schema.additionalProperties !== false) return false;
  return true;
}

/** The compiled writer of a zod schema, or null when it is not one fast-json-stringify writes as zod would. */
export function compileResponseSchema(schema: z.ZodType): Serializer | null {
  let json: JsonSchema;
  try {
    json = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'throw', cycles: 'throw', reused: 'inline' });
  } catch {
    return null;
  }
  const simplified = simplify(json);
  if (!isPlain(simplified)) return null;
  return fastJson(simplified as unknown as FastJsonSchema);
}

export interface ResponseSerializerOptions {
  /** Also run zod on every response and fail it when zod refuses it or writes it differently (tests). */
  crossCheck: boolean;
}

/** Fastify's serializer compiler for the app (server/app.ts). */
export function responseSerializerCompiler(options: ResponseSerializerOptions): FastifySerializerCompiler<unknown> {
  const compiled = new WeakMap<z.ZodType, Serializer | null>();
  return (route) => {
    const viaZod: Serializer = zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]);
    const schema = route.schema;
    if (!(schema instanceof z.ZodType)) return viaZod;
    let fast = compiled.get(schema);
    if (fast === undefined) {
      fast = compileResponseSchema(schema);
      compiled.set(schema, fast);
    }
    if (!fast) return viaZod;
    if (!options.crossCheck) return fast;
    const written = fast;
    return (data) => {
      const expected = viaZod(data);
      const actual = written(data);
      if (!isDeepStrictEqual(JSON.parse(actual), JSON.parse(expected))) {
        throw new Error(
          `${route.method} ${route.url}: the compiled response writer and zod disagree\n  compiled: ${actual}\n  zod:      ${expected}`,
        );
      }
      return actual;
    };
  };
}
