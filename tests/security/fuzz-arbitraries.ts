/**
 * fast-check arbitraries for the contract fuzzer, built from JSON Schema (what `z.toJSONSchema` makes
 * of a route's zod schemas, or what the OpenAPI document says of a route outside the table): values
 * that satisfy a schema as far as JSON Schema can say (refinements such as "district belongs to the
 * division" are not visible there, so some "valid" values are refused with a 400: still a clean
 * answer), values that break it one field at a time, and the hostile strings every text field gets.
 */
import fc from 'fast-check';

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  minItems?: number;
  maxItems?: number;
  nullable?: boolean;
  default?: unknown;
  [key: string]: unknown;
};

/** Real ids to draw from, per field name, beside random (well-formed, unknown) UUIDs. */
export type KnownIds = Partial<Record<string, readonly string[]>>;

const DATE_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';

/** Text that has broken parsers, databases and renderers before. */
export const NASTY_STRINGS: readonly string[] = [
  '',
  ' ',
  '   \t\n',
  '\u0000',
  'a\u0000b',
  'null\u0000byte in the middle',
  '\u202Eevil.exe\u202C',
  'مرحبا بالعالم',
  'שלום עולם',
  '😀👨‍👩‍👧‍👦🏳️‍🌈🇧🇩',
  'e\u0301\u0301\u0301\u0301',
  'Z̴̡̪̫͚̗̔͑̓a̷̘͍̒l̶̢̛̰g̸̱̈́o̵̗͋',
  'আমার সোনার বাংলা',
  'ক্ষ্মী রাষ্ট্র',
  '০১২৩৪৫৬৭৮৯',
  '\uFEFFbom',
  '\u200B\u200C\u200D\u2060',
  '\uD800',
  '\uDFFFtrail',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  "' OR '1'='1",
  '"; DROP TABLE users; --',
  '${7*7}{{7*7}}',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%00%2e%2e%2f',
  'null',
  'undefined',
  'NaN',
  'true',
  '-1',
  '1e400',
  '__proto__',
  'constructor',
  'prototype',
  '\r\nSet-Cookie: x=1',
  '\u0085\u2028\u2029',
  '𝕳𝖊𝖑𝖑𝖔 ﷺ',
  'x'.repeat(10_000),
  'ব'.repeat(5_000),
];

/** Values of every JSON type, for "wrong type" mutations. */
const WRONG_TYPED: readonly unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  1e308,
  -1e308,
  2 ** 53 + 1,
  '',
  'a string',
  '12',
  [],
  [1, 2, 3],
  ['a'],
  {},
  { a: 1 },
  { $gt: '' },
  [[[[[]]]]],
];

export function typeOf(schema: JsonSchema): string | undefined {
  const t = schema.type;
  if (Array.isArray(t)) return t.find((x) => x !== 'null');
  return t;
}

function isNullable(schema: JsonSchema): boolean {
  if (schema.nullable === true) return true;
  if (Array.isArray(schema.type) && schema.type.includes('null')) return true;
  return (schema.anyOf ?? schema.oneOf ?? []).some((s) => s.type === 'null');
}

/** The non-null branch of `X | null` (zod's nullable/optional render as anyOf with null). */
export function unwrap(schema: JsonSchema): JsonSchema {
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) {
    const real = branches.filter((s) => s.type !== 'null');
    if (real.length === 1 && real[0]) return unwrap(real[0]);
  }
  if (schema.allOf?.length === 1 && schema.allOf[0]) return unwrap({ ...schema.allOf[0] });
  return schema;
}

const emailArb = fc
  .tuple(fc.stringMatching(/^[a-z][a-z0-9]{0,10}(\.[a-z0-9]{1,6})?$/), fc.constantFrom('example.test', 'mail.com.bd'))
  .map(([local, domain]) => `${local}@${domain}`);

const strongPasswordArb = fc
  .tuple(fc.stringMatching(/^[A-Za-z0-9]{4,20}$/), fc.constantFrom('@', '#', '!', '*', '_', '-', '?'))
  .map(([core, symbol]) => `Aa1${symbol}${core}`);

const dateArb = fc
  .date({ min: new Date('2024-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

const dateTimeArb = fc
  .date({ min: new Date('2025-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString());

/** Readable text in English and Bangla, within [min, max] UTF-16 units. */
function textArb(min: number, max: number): fc.Arbitrary<string> {
  const cap = Math.min(max, Math.max(min, 80));
  const words = fc.constantFrom(
    'land',
    'dispute',
    'Savar',
    'hearing',
    'জমি',
    'মামলা',
    'আদালত',
    'ঢাকা',
    'notice',
    'bail',
    '2025',
    'ক্ষ্মী',
  );
  const sentence = fc.array(words, { minLength: 1, maxLength: 12 }).map((w) => w.join(' '));
  const ascii = fc.string({ minLength: min, maxLength: cap, unit: 'grapheme-ascii' });
  return fc
    .oneof(sentence, ascii, fc.constant('x'.repeat(Math.max(min, 1))), fc.constant('y'.repeat(max > 0 ? cap : 0)))
    .map((s) => (s.length < min ? s.padEnd(min, 'a') : s.slice(0, max)))
    .filter((s) => s.length >= min && s.length <= max && (min === 0 || s.trim().length > 0));
}

/** A value that satisfies `schema` (as far as JSON Schema can say), with field-name hints. */
export function validArb(schema: JsonSchema, key = '', known: KnownIds = {}): fc.Arbitrary<unknown> {
  if (schema.anyOf ?? schema.oneOf) {
    const branches = (schema.anyOf ?? schema.oneOf ?? []).map((s) => validArb(s, key, known));
    return fc.oneof(...branches);
  }
  if (schema.allOf?.length) return validArb(Object.assign({}, ...schema.allOf) as JsonSchema, key, known);
  if (schema.nullable === true) {
    return fc.option(validArb({ ...schema, nullable: false }, key, known), { nil: null, freq: 6 });
  }
  if ('const' in schema) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const type = typeOf(schema);
  switch (type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer': {
      const min = Math.max(numberBound(schema, 'min') ?? -1000, -1_000_000_000);
      const max = Math.min(numberBound(schema, 'max') ?? 1000, 1_000_000_000);
      return fc.oneof(
        fc.integer({ min: Math.ceil(min), max: Math.floor(max) }),
        fc.constantFrom(Math.ceil(min), Math.floor(max)),
      );
    }
    case 'number': {
      const min = numberBound(schema, 'min') ?? -1000;
      const max = numberBound(schema, 'max') ?? 1000;
      return fc
        .oneof(
          fc.double({ min, max, noNaN: true, noDefaultInfinity: true }),
          fc.integer({ min: Math.ceil(min), max: Math.floor(Math.min(max, 1e9)) }),
        )
        .map((n) => Math.round(n * 100) / 100)
        .filter((n) => n >= min && n <= max && !Object.is(n, -0));
    }
    case 'string':
      return validString(schema, key, known);
    case 'array': {
      const item = schema.items ?? {};
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.min(schema.maxItems ?? 5, Math.max(minLength, 5));
      if (item.enum) return fc.uniqueArray(fc.constantFrom(...item.enum), { minLength, maxLength });
      return fc.array(validArb(item, key, known), { minLength, maxLength });
    }
    case 'object': {
      const props = schema.properties ?? {};
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [name, sub] of Object.entries(props)) record[name] = validArb(sub, name, known);
      return fc.record(record, { requiredKeys: (schema.required ?? []).filter((k) => k in props) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function numberBound(schema: JsonSchema, side: 'min' | 'max'): number | undefined {
  if (side === 'min') {
    if (typeof schema.exclusiveMinimum === 'number') return schema.exclusiveMinimum + 0.01;
    if (schema.exclusiveMinimum === true && schema.minimum !== undefined) return schema.minimum + 0.01;
    return schema.minimum;
  }
  if (typeof schema.exclusiveMaximum === 'number') return schema.exclusiveMaximum - 0.01;
  if (schema.exclusiveMaximum === true && schema.maximum !== undefined) return schema.maximum - 0.01;
  return schema.maximum;
}

function validString(schema: JsonSchema, key: string, known: KnownIds): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? 200;
  const ids = known[key];
  const lower = key.toLowerCase();
  if (schema.format === 'uuid' || (ids && ids.length > 0)) {
    const random = fc.uuid({ version: 4 });
    // One in three draws a real id: enough to reach the success paths, few enough to keep the suite fast.
    return ids && ids.length > 0
      ? fc.oneof({ arbitrary: fc.constantFrom(...ids), weight: 1 }, { arbitrary: random, weight: 2 })
      : random;
  }
  if (schema.format === 'email' || lower.endsWith('email')) return emailArb;
  if (lower === 'password' || lower === 'oldpassword') return strongPasswordArb;
  if (schema.format === 'date-time') return dateTimeArb;
  if (schema.pattern === DATE_PATTERN || schema.format === 'date') return dateArb;
  if (lower === 'endpoint' || schema.format === 'uri') {
    return fc.stringMatching(/^[A-Za-z0-9_-]{8,40}$/).map((s) => `https://push.example.test/send/${s}`);
  }
  if (schema.pattern) {
    return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length >= min && s.length <= max);
  }
  return textArb(min, max);
}

/** Where a mutation can land: a property path into an object schema, and the schema found there. */
export interface Leaf {
  path: string[];
  schema: JsonSchema;
  required: boolean;
}

export function leaves(schema: JsonSchema | undefined, prefix: string[] = []): Leaf[] {
  if (!schema) return [];
  const real = unwrap(schema);
  if (typeOf(real) !== 'object' || !real.properties) return [];
  const out: Leaf[] = [];
  for (const [name, sub] of Object.entries(real.properties)) {
    const path = [...prefix, name];
    out.push({ path, schema: sub, required: (real.required ?? []).includes(name) });
    out.push(...leaves(sub, path));
  }
  return out;
}

/** Values that break `schema`: wrong types, lengths and ranges just past its bounds, bad formats. */
export function invalidArb(schema: JsonSchema): fc.Arbitrary<unknown> {
  const real = unwrap(schema);
  const options: unknown[] = WRONG_TYPED.filter((v) => !accepts(real, v, isNullable(schema)));
  const type = typeOf(real);
  if (real.enum) {
    const first = String(real.enum[0] ?? 'X');
    options.push(first.toLowerCase(), `${first} `, ` ${first}`, `${first}\u0000`, `${first}_NOPE`, '');
  }
  if (type === 'string') {
    const min = real.minLength ?? 0;
    if (min > 0) options.push('a'.repeat(min - 1), ' '.repeat(min));
    if (real.maxLength !== undefined) {
      options.push('a'.repeat(real.maxLength + 1), 'ব'.repeat(real.maxLength + 1), 'z'.repeat(real.maxLength * 4 + 3));
    }
    if (real.pattern || real.format) {
      options.push(
        'not-matching',
        '00000000-0000-0000-0000-00000000000g',
        'ffffffff',
        '2025-13-45',
        '25:99',
        'a@',
        '@b.cd',
      );
    }
  }
  if (type === 'integer' || type === 'number') {
    const min = numberBound(real, 'min');
    const max = numberBound(real, 'max');
    if (min !== undefined) options.push(min - 1, min - 0.001, -1e15);
    if (max !== undefined) options.push(max + 1, max + 0.001, 1e15);
    if (type === 'integer') options.push(0.5, 1.0000001, 2 ** 63, '1', '0x10');
  }
  if (type === 'array') {
    const item = real.items ?? {};
    const sample = item.enum?.[0] ?? 'x';
    if ((real.minItems ?? 0) > 0) options.push([]);
    if (real.maxItems !== undefined) options.push(Array.from({ length: real.maxItems + 1 }, () => sample));
    options.push(
      [null],
      [sample, sample],
      [{}],
      Array.from({ length: 5000 }, (_, i) => i),
    );
  }
  if (type === 'object') options.push({ __proto__: null, x: 1 }, { toString: 1, valueOf: 2 });
  const values = options.length > 0 ? options : [...WRONG_TYPED];
  return fc.oneof(
    { arbitrary: fc.constantFrom(...values), weight: 4 },
    { arbitrary: fc.constantFrom(...NASTY_STRINGS), weight: 2 },
    { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 1 },
  );
}

/** Whether a JSON value would pass the (unwrapped) schema's type, ignoring its other keywords. */
function accepts(schema: JsonSchema, value: unknown, nullable: boolean): boolean {
  if (value === null) return nullable;
  const type = typeOf(schema);
  if (schema.enum) return schema.enum.includes(value);
  switch (type) {
    case 'string':
      return typeof value === 'string' && !schema.pattern && !schema.format && !schema.minLength && !schema.maxLength;
    case 'integer':
      return Number.isInteger(value) && inRange(schema, value as number);
    case 'number':
      return typeof value === 'number' && inRange(schema, value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'array':
      return false;
    case 'object':
      return false;
    default:
      return true;
  }
}

function inRange(schema: JsonSchema, n: number): boolean {
  const min = numberBound(schema, 'min');
  const max = numberBound(schema, 'max');
  return (min === undefined || n >= min) && (max === undefined || n <= max);
}

/** Path segments that are not what the route wants (non-UUIDs, traversal, unicode, very long). */
export const badSegmentArb: fc.Arbitrary<string> = fc.oneof(
  {
    arbitrary: fc.constantFrom(
      'not-a-uuid',
      '1',
      '0',
      '-1',
      'null',
      'undefined',
      '00000000-0000-0000-0000-000000000000x',
      '00000000_0000_0000_0000_000000000000',
      'ZZZZZZZZ-ZZZZ-4ZZZ-8ZZZ-ZZZZZZZZZZZZ',
      '{{id}}',
      '..',
      '...',
      '../../etc/passwd',
      '..%2F..%2Fetc%2Fpasswd',
      '%00',
      'a\u0000b',
      '%',
      '%E0%A4%A',
      '%C0%AE%C0%AE',
      "1' OR '1'='1",
      'আমার-সোনার-বাংলা',
      '\u202Egnp.exe',
      '😀',
      'e\u0301',
      '\uD800',
      '__proto__',
      'constructor',
      'prototype',
      'x'.repeat(300),
      'a'.repeat(5000),
    ),
    weight: 3,
  },
  { arbitrary: fc.uuid().map((u) => u.toUpperCase() + 'x'), weight: 1 },
  { arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 60 }), weight: 2 },
  { arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 60 }), weight: 2 },
);

/** Percent-encodes a path segment; lone surrogates (which encodeURIComponent refuses) become bad UTF-8. */
export function encodeSegment(value: string): string {
  let out = '';
  for (const ch of value) {
    try {
      out += encodeURIComponent(ch);
    } catch {
      out += '%ED%A0%80';
    }
  }
  return out;
}

/** `a=1&a=2` style query text from pairs; values already strings. */
export function queryText(pairs: readonly (readonly [string, string])[]): string {
  return pairs.map(([k, v]) => `${encodeSegment(k)}=${encodeSegment(v)}`).join('&');
}

/** A query object (arrays repeat the key, null/undefined are left out) as pairs of strings. */
export function queryPairs(query: Record<string, unknown>): [string, string][] {
  const pairs: [string, string][] = [];
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const v of value) pairs.push([key, scalar(v)]);
    else pairs.push([key, scalar(value)]);
  }
  return pairs;
}

function scalar(value: unknown): string {
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}
