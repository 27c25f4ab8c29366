/**
 * The requests the contract fuzzer sends to one target: 50 valid ones (from the target's schemas,
 * with real ids mixed in), a few valid ones without a proper token, and at least 300 hostile ones in
 * named categories (broken auth, wrong top-level and field types, boundary lengths and ranges,
 * unicode and NUL, missing and extra keys, `__proto__`/`constructor`/`prototype` keys, duplicated
 * query parameters, non-UUID path segments, wrong content types, malformed JSON, bodies above the
 * 1 MiB limit, and for multipart routes malformed multipart bodies). All drawn from fast-check
 * with a fixed seed per target, so a run is reproducible and a new route does not reshuffle others.
 */
import fc from 'fast-check';
import {
  badSegmentArb,
  invalidArb,
  leaves,
  NASTY_STRINGS,
  queryPairs,
  typeOf,
  unwrap,
  validArb,
  type KnownIds,
  type Leaf,
} from './fuzz-arbitraries';
import type { FuzzTarget } from './fuzz-targets';

export const BASE_SEED = 20_251_124;
export const VALID_PER_ROUTE = 50;
export const INVALID_PER_ROUTE = 300;
/** Valid inputs sent without a token (or, on public routes, with a junk one). */
export const UNAUTH_PER_ROUTE = 8;
/** Valid inputs sent with a token of the wrong role (or unverified, for `verified` routes). */
export const WRONG_ROLE_PER_ROUTE = 4;
/** The server's body limit (server/app.ts bodyLimit). */
export const BODY_LIMIT = 1024 * 1024;

export type AuthSpec =
  | { kind: 'right' }
  | { kind: 'none' }
  | { kind: 'wrongRole' }
  | { kind: 'header'; value: string }
  | { kind: 'mangle'; how: 'suffix' | 'truncate' | 'double' | 'scheme' | 'padded' };

export interface FuzzBody {
  payload: string | Buffer;
  contentType?: string;
}

export interface FuzzCase {
  group: 'valid' | 'invalid' | 'unauth' | 'wrongRole';
  label: string;
  auth: AuthSpec;
  /** Path parameter values; `rawSegments` ones are put in the URL as they are (already encoded). */
  params: Record<string, string>;
  rawSegments?: boolean;
  /** Query text without the `?`. */
  query: string;
  body?: FuzzBody;
}

interface ValidInput {
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: unknown;
}

export function seedOf(name: string): number {
  let h = BASE_SEED;
  for (const ch of name) h = (Math.imul(h, 31) + (ch.codePointAt(0) ?? 0)) | 0;
  return h;
}

function validInputArb(target: FuzzTarget, known: KnownIds, files: FileFixtures): fc.Arbitrary<ValidInput> {
  const params = target.params ? validArb(target.params, '', known) : fc.constant({});
  const query = target.query ? validArb(target.query, '', known) : fc.constant({});
  const body: fc.Arbitrary<unknown> = target.multipart
    ? multipartValidArb(target, known, files)
    : target.body
      ? validArb(target.body, '', known)
      : fc.constant(undefined);
  return fc.record({
    // A path segment is never empty (an empty one would be another route, or none).
    params: params
      .map((p) => Object.fromEntries(Object.entries(p as object).map(([k, v]) => [k, String(v)])))
      .filter((p) => Object.values(p).every((v) => v.trim().length > 0)),
    query: query as fc.Arbitrary<Record<string, unknown>>,
    body,
  });
}

function jsonBody(value: unknown): FuzzBody | undefined {
  if (value === undefined) return undefined;
  if (value instanceof MultipartBody) return { payload: value.payload, contentType: value.contentType };
  return { payload: JSON.stringify(value), contentType: 'application/json' };
}

function baseCase(group: FuzzCase['group'], label: string, input: ValidInput, auth: AuthSpec): FuzzCase {
  return {
    group,
    label,
    auth,
    params: input.params,
    query: queryText(queryPairs(input.query)),
    body: jsonBody(input.body),
  };
}

function queryText(pairs: readonly (readonly [string, string])[]): string {
  return pairs.map(([k, v]) => `${encodeQuery(k)}=${encodeQuery(v)}`).join('&');
}

function encodeQuery(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return [...value]
      .map((ch) => (ch.length === 1 && /[\uD800-\uDFFF]/.test(ch) ? '%ED%A0%80' : encodeURIComponent(ch)))
      .join('');
  }
}

function setAt(target: unknown, path: readonly string[], value: unknown): unknown {
  const root = structuredClone(target ?? {}) as Record<string, unknown>;
  let node = root;
  for (const key of path.slice(0, -1)) {
    const next = node[key];
    node[key] = next && typeof next === 'object' && !Array.isArray(next) ? { ...(next as object) } : {};
    node = node[key] as Record<string, unknown>;
  }
  const last = path[path.length - 1] ?? 'x';
  if (value === DELETE) delete node[last];
  else node[last] = value;
  return root;
}

const DELETE = Symbol('delete');

/** Files for multipart routes (built once by the suite). */
export interface FileFixtures {
  png: Buffer;
  pdf: Buffer;
  txt: Buffer;
}

export class MultipartBody {
  constructor(
    readonly payload: Buffer,
    readonly contentType: string,
  ) {}
}

interface Part {
  name: string;
  filename?: string;
  contentType?: string;
  content: Buffer | string;
}

export function multipartBody(parts: Part[], boundary = 'fuzzBoundary7MA4YWxkTrZu0gW'): MultipartBody {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`;
    if (part.filename !== undefined) head += `; filename="${part.filename}"`;
    head += '\r\n';
    if (part.contentType) head += `Content-Type: ${part.contentType}\r\n`;
    chunks.push(Buffer.from(`${head}\r\n`), Buffer.from(part.content), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return new MultipartBody(Buffer.concat(chunks), `multipart/form-data; boundary=${boundary}`);
}

/** What a multipart route wants: one `file` part, and for case documents the form fields. */
function multipartValidArb(target: FuzzTarget, known: KnownIds, files: FileFixtures): fc.Arbitrary<MultipartBody> {
  const isPicture = target.path.endsWith('/profile-picture');
  const isCredentials = target.path.endsWith('/upload-credentials');
  const file = isPicture
    ? fc.constant({ filename: 'me.png', contentType: 'image/png', content: files.png })
    : isCredentials
      ? fc.constant({ filename: 'certificate.pdf', contentType: 'application/pdf', content: files.pdf })
      : fc.constantFrom(
          { filename: 'notes.txt', contentType: 'text/plain', content: files.txt },
          { filename: 'deed.pdf', contentType: 'application/pdf', content: files.pdf },
          { filename: 'দলিল.txt', contentType: 'text/plain', content: files.txt },
        );
  const isCaseDocument = target.path === '/v1/case-assets/documents';
  const fields = isCaseDocument
    ? fc.record({
        caseId: validArb({ type: 'string', format: 'uuid' }, 'caseId', known),
        title: fc.constantFrom('Deed of the Savar plot', 'জমির দলিল', 'Hearing notes'),
        description: fc.constantFrom('', 'Scanned at the union office'),
        privacy: fc.constantFrom('PRIVATE', 'SHARED'),
      })
    : fc.constant({} as Record<string, string>);
  return fc
    .tuple(fields, file)
    .map(([values, f]) =>
      multipartBody([
        ...Object.entries(values).map(([name, content]) => ({ name, content: String(content) })),
        { name: 'file', ...f },
      ]),
    );
}

interface Category {
  name: string;
  weight: number;
  /** Upper bound (oversized bodies are expensive). */
  max?: number;
  arb: fc.Arbitrary<FuzzCase>;
}

const MALFORMED_JSON = [
  '{',
  '}',
  '{"a":',
  '{"a":1,}',
  "{'a':1}",
  '{"a":NaN}',
  '{"a":Infinity}',
  '{"a":undefined}',
  '[1,2',
  'nul',
  'tru',
  '"unterminated',
  '\u0000',
  '{"a":"\u0000"}',
  '\uFEFF{}',
  '{"a":1}{"b":2}',
  '{"a":1} trailing',
  '{"a":"\\ud800"}',
  '{"a":"\\u00"}',
  '{"a":01}',
  '{"a":1e99999}',
  '{"a":-}',
  '/* comment */ {}',
  '{"__proto__":{"polluted":true}',
  '['.repeat(5000) + ']'.repeat(5000),
  '{"a":'.repeat(2000) + '1' + '}'.repeat(2000),
  ' ',
  '',
];

const WRONG_CONTENT_TYPES = [
  'text/plain',
  'text/plain; charset=utf-8',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/jsonp',
  'application/json, text/plain',
  'APPLICATION/JSON',
  'application/vnd.api+json',
  'application/octet-stream',
  'image/png',
  '*/*',
  ';',
  'a'.repeat(2000),
];

const AUTH_HEADERS = [
  'Bearer',
  'Bearer ',
  'Bearer null',
  'Bearer undefined',
  'Basic dXNlcjpwYXNz',
  'Token abc',
  'Bearer x.y.z',
  'Bearer eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJzdWIiOiJhZG1pbkBleGFtcGxlLnRlc3QiLCJyb2xlIjoiQURNSU4ifQ.',
  // HS256 over {"sub":"a@b.cd","role":"ADMIN","tokenType":"ACCESS"} with the key "secret".
  'Bearer eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJhQGIuY2QiLCJyb2xlIjoiQURNSU4iLCJ0b2tlblR5cGUiOiJBQ0NFU1MifQ.4Yw2e2hBq8p3kZ8xkQ3o2pYk8ZB8hR2gk1bXxq2Y1xA',
  `Bearer ${'a'.repeat(8000)}`,
  'Bearer %00',
  'Bearer ../../etc/passwd',
  'Bearer \u00e9\u00e8',
];

const OVERSIZED = `{"padding":"${'a'.repeat(BODY_LIMIT + 64)}"}`;

export function buildCases(target: FuzzTarget, known: KnownIds, files: FileFixtures): FuzzCase[] {
  const seed = seedOf(target.name);
  const inputs = validInputArb(target, known, files);
  const sample = <T>(arb: fc.Arbitrary<T>, numRuns: number, salt: number): T[] =>
    fc.sample(arb, { seed: seed + salt, numRuns });

  const cases: FuzzCase[] = [];
  for (const input of sample(inputs, VALID_PER_ROUTE, 1))
    cases.push(baseCase('valid', 'valid', input, { kind: 'right' }));
  for (const input of sample(inputs, UNAUTH_PER_ROUTE, 2)) {
    const auth: AuthSpec =
      target.access === 'public' ? { kind: 'header', value: 'Bearer not-a-token' } : { kind: 'none' };
    cases.push(baseCase('unauth', target.access === 'public' ? 'junk-token' : 'no-token', input, auth));
  }
  if (target.access !== 'public' && target.access !== 'signedIn') {
    for (const input of sample(inputs, WRONG_ROLE_PER_ROUTE, 3)) {
      cases.push(baseCase('wrongRole', 'wrong-role', input, { kind: 'wrongRole' }));
    }
  }

  const categories = invalidCategories(target, inputs);
  const totalWeight = categories.reduce((sum, c) => sum + c.weight, 0);
  const counts = categories.map((c) =>
    Math.min(c.max ?? Infinity, Math.max(1, Math.ceil((INVALID_PER_ROUTE * c.weight) / totalWeight))),
  );
  let salt = 10;
  categories.forEach((category, i) => {
    salt += 1;
    for (const c of sample(category.arb, counts[i] ?? 1, salt)) cases.push(c);
  });
  // Top up (rounding and caps) from the uncapped categories, so every route gets at least 300.
  const uncapped = categories.filter((c) => c.max === undefined);
  let invalid = cases.filter((c) => c.group === 'invalid').length;
  let round = 0;
  while (invalid < INVALID_PER_ROUTE && uncapped.length > 0) {
    const category = uncapped[round % uncapped.length];
    round += 1;
    if (!category) break;
    const [extra] = sample(category.arb, 1, 1000 + round);
    if (extra) {
      cases.push(extra);
      invalid += 1;
    }
  }
  return cases;
}

function invalidCategories(target: FuzzTarget, inputs: fc.Arbitrary<ValidInput>): Category[] {
  const cats: Category[] = [];
  const invalid = (label: string, input: ValidInput, auth: AuthSpec = { kind: 'right' }): FuzzCase =>
    baseCase('invalid', label, input, auth);
  const bodyLeaves = leaves(target.body);
  const queryLeaves = leaves(target.query);
  const paramLeaves = leaves(target.params);
  const sendsBody =
    target.body !== undefined || target.multipart || ['POST', 'PUT', 'PATCH', 'DELETE'].includes(target.method);

  if (target.access !== 'public') {
    const auth = fc.oneof(
      fc.constantFrom(...AUTH_HEADERS).map((value): AuthSpec => ({ kind: 'header', value })),
      fc
        .constantFrom('suffix', 'truncate', 'double', 'scheme', 'padded')
        .map((how): AuthSpec => ({ kind: 'mangle', how: how as 'suffix' })),
    );
    cats.push({
      name: 'auth',
      weight: 2,
      arb: fc.tuple(inputs, auth).map(([input, a]) => invalid('broken-auth', input, a)),
    });
  }

  if (target.body) {
    const wrongTop = fc.constantFrom<unknown>(null, 0, 1, 'text', true, [], [{}], ['a', 1], { '': '' }, 1e308);
    cats.push({
      name: 'body-type',
      weight: 2,
      arb: fc.tuple(inputs, wrongTop).map(([input, body]) => invalid('body-wrong-type', { ...input, body })),
    });
  }
  if (bodyLeaves.length > 0) {
    cats.push({ name: 'body-field', weight: 6, arb: fieldMutation(inputs, bodyLeaves, 'body', invalid) });
    cats.push({ name: 'body-unicode', weight: 3, arb: unicodeMutation(inputs, bodyLeaves, 'body', invalid) });
    cats.push({ name: 'body-keys', weight: 2, arb: keyMutation(inputs, bodyLeaves, invalid) });
  }
  if (sendsBody && !target.multipart) {
    cats.push({
      name: 'proto-keys',
      weight: 2,
      arb: fc
        .tuple(
          inputs,
          fc.constantFrom(
            '"__proto__":{"role":"ADMIN","isAdmin":true}',
            '"constructor":{"prototype":{"role":"ADMIN"}}',
            '"prototype":{"role":"ADMIN"}',
            '"__proto__":null',
            '"constructor":1',
            '"__proto__":[]',
            '"hasOwnProperty":"x","toString":"y"',
          ),
        )
        .map(([input, extra]) => {
          const text = JSON.stringify(input.body ?? {});
          const inner = text.startsWith('{') && text !== '{}' ? `{${extra},${text.slice(1)}` : `{${extra}}`;
          return { ...invalid('proto-keys', input), body: { payload: inner, contentType: 'application/json' } };
        }),
    });
    cats.push({
      name: 'content-type',
      weight: 2,
      arb: fc.tuple(inputs, fc.constantFrom(...WRONG_CONTENT_TYPES, '')).map(([input, type]) => {
        const payload = JSON.stringify(input.body ?? { a: 1 });
        return {
          ...invalid('wrong-content-type', input),
          body: type === '' ? { payload } : { payload, contentType: type },
        };
      }),
    });
    cats.push({
      name: 'malformed-json',
      weight: 2,
      arb: fc
        .tuple(
          inputs,
          fc.oneof(
            fc.constantFrom(...MALFORMED_JSON),
            fc.nat({ max: 200 }).map((n) => -n - 1),
          ),
        )
        .map(([input, broken]) => {
          const full = JSON.stringify(input.body ?? { a: 1 });
          const payload = typeof broken === 'number' ? full.slice(0, Math.max(0, full.length + broken)) : broken;
          return { ...invalid('malformed-json', input), body: { payload, contentType: 'application/json' } };
        }),
    });
    cats.push({
      name: 'oversized',
      weight: 1,
      max: 3,
      arb: fc
        .tuple(inputs, fc.constantFrom('application/json', 'text/plain', 'multipart/form-data; boundary=x'))
        .map(([input, contentType]) => ({
          ...invalid('oversized-body', input),
          body: { payload: OVERSIZED, contentType },
        })),
    });
  }
  if (target.multipart) cats.push(...multipartCategories(target, inputs, invalid));

  // Query: every route gets junk and duplicated parameters; declared ones get typed mutations too.
  cats.push({ name: 'query-junk', weight: 2, arb: queryJunk(inputs, queryLeaves, invalid) });
  if (queryLeaves.length > 0) {
    cats.push({ name: 'query-field', weight: 3, arb: fieldMutation(inputs, queryLeaves, 'query', invalid) });
  }
  if (paramLeaves.length > 0) {
    cats.push({
      name: 'path-param',
      weight: 5,
      arb: fc
        .tuple(inputs, fc.constantFrom(...paramLeaves.map((l) => l.path[0] ?? '')), badSegmentArb)
        .map(([input, name, bad]) => ({
          ...invalid('path-param', { ...input, params: { ...input.params, [name]: bad } }),
          rawSegments: /%[0-9A-Fa-f]{0,2}/.test(bad) && /^[\x21-\x7e]*$/.test(bad),
        })),
    });
  }
  if (cats.length === 1 || (!sendsBody && paramLeaves.length === 0 && queryLeaves.length === 0)) {
    // A bare GET with nothing to validate: hostile query text and headers are all there is.
    cats.push({
      name: 'query-nasty',
      weight: 3,
      arb: fc
        .tuple(inputs, fc.constantFrom(...NASTY_STRINGS), fc.constantFrom('q', 'page', 'id', '__proto__', ''))
        .map(([input, value, key]) => ({ ...invalid('query-nasty', input), query: queryText([[key, value]]) })),
    });
  }
  return cats;
}

type Invalid = (label: string, input: ValidInput, auth?: AuthSpec) => FuzzCase;

function fieldMutation(
  inputs: fc.Arbitrary<ValidInput>,
  targets: Leaf[],
  where: 'body' | 'query',
  invalid: Invalid,
): fc.Arbitrary<FuzzCase> {
  const pick = fc.constantFrom(...targets).chain((leaf) => fc.tuple(fc.constant(leaf), invalidArb(leaf.schema)));
  return fc.tuple(inputs, pick).map(([input, [leaf, value]]) => {
    const label = `${where}-field:${leaf.path.join('.')}`;
    if (where === 'body') return invalid(label, { ...input, body: setAt(input.body, leaf.path, value) });
    return invalid(label, { ...input, query: setAt(input.query, leaf.path, value) as Record<string, unknown> });
  });
}

function unicodeMutation(
  inputs: fc.Arbitrary<ValidInput>,
  targets: Leaf[],
  where: 'body',
  invalid: Invalid,
): fc.Arbitrary<FuzzCase> {
  const strings = targets.filter((l) => typeOf(unwrap(l.schema)) === 'string' || unwrap(l.schema).enum);
  const pool = strings.length > 0 ? strings : targets;
  const text = fc.oneof(
    { arbitrary: fc.constantFrom(...NASTY_STRINGS), weight: 3 },
    { arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 80 }), weight: 1 },
    { arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 80 }), weight: 1 },
    { arbitrary: fc.constant('x'.repeat(200_000)), weight: 1 },
  );
  return fc
    .tuple(inputs, fc.constantFrom(...pool), text)
    .map(([input, leaf, value]) =>
      invalid(`${where}-unicode:${leaf.path.join('.')}`, { ...input, body: setAt(input.body, leaf.path, value) }),
    );
}

function keyMutation(inputs: fc.Arbitrary<ValidInput>, targets: Leaf[], invalid: Invalid): fc.Arbitrary<FuzzCase> {
  const required = targets.filter((l) => l.required);
  const drop = required.length > 0 ? fc.constantFrom(...required).map((l) => ({ leaf: l, extra: null })) : null;
  const extra = fc
    .constantFrom<[string, unknown]>(
      ['role', 'ADMIN'],
      ['id', '00000000-0000-0000-0000-000000000000'],
      ['userId', '00000000-0000-0000-0000-000000000000'],
      ['emailVerified', true],
      ['status', 'RESOLVED'],
      ['', ''],
      ['\u0000', 1],
      ['a'.repeat(1000), 'b'],
      ['ব', 'ক'],
    )
    .map((kv) => ({ leaf: null, extra: kv }));
  const what = drop ? fc.oneof(drop, extra) : extra;
  return fc.tuple(inputs, what).map(([input, { leaf, extra: kv }]) => {
    if (leaf)
      return invalid(`body-missing:${leaf.path.join('.')}`, { ...input, body: setAt(input.body, leaf.path, DELETE) });
    const [key, value] = kv ?? ['x', 1];
    return invalid('body-extra-key', { ...input, body: setAt(input.body, [key], value) });
  });
}

function queryJunk(inputs: fc.Arbitrary<ValidInput>, declared: Leaf[], invalid: Invalid): fc.Arbitrary<FuzzCase> {
  const names = declared.map((l) => l.path[0] ?? '');
  const key = fc.constantFrom(
    ...names,
    'page',
    'size',
    'sortDirection',
    'q',
    '__proto__',
    'constructor',
    'prototype',
    '',
  );
  const junk = fc.oneof(
    // Duplicated parameters: the same key twice or more with clashing values.
    fc
      .tuple(
        key,
        fc.array(fc.constantFrom('1', '0', '-1', 'ASC', 'x', '', '100', '101'), { minLength: 2, maxLength: 4 }),
      )
      .map(([k, values]) => values.map((v) => `${encodeQuery(k)}=${encodeQuery(v)}`).join('&')),
    fc.tuple(key, fc.constantFrom(...NASTY_STRINGS)).map(([k, v]) => queryText([[k, v]])),
    fc.constantFrom(
      '__proto__[role]=ADMIN',
      'constructor[prototype][role]=ADMIN',
      '__proto__.role=ADMIN',
      'page[]=1&page[]=2',
      'page[$gt]=0',
      'size=1e400',
      'size=0x10',
      'size=%00',
      'page=-0',
      'page=1.5',
      'page=Infinity',
      'page=NaN',
      'size=99999999999999999999',
      '&&&',
      '=',
      '==',
      '%',
      '%E0%A4%A',
      'a=%ED%A0%80',
      `${'k'.repeat(3000)}=v`,
      `q=${'%F0%9F%98%80'.repeat(300)}`,
      Array.from({ length: 500 }, (_, i) => `p${i}=${i}`).join('&'),
    ),
  );
  return fc.tuple(inputs, junk).map(([input, text]) => {
    const valid = queryText(queryPairs(input.query));
    return { ...invalid('query-junk', input), query: valid ? `${valid}&${text}` : text };
  });
}

function multipartCategories(target: FuzzTarget, inputs: fc.Arbitrary<ValidInput>, invalid: Invalid): Category[] {
  const file = (content: Buffer | string, filename = 'f.pdf', contentType = 'application/pdf'): Part => ({
    name: 'file',
    filename,
    contentType,
    content,
  });
  const caseFields = target.path === '/v1/case-assets/documents';
  const fields = (overrides: Record<string, string> = {}): Part[] =>
    caseFields
      ? Object.entries({
          caseId: '00000000-0000-4000-8000-000000000000',
          title: 'Deed',
          privacy: 'PRIVATE',
          ...overrides,
        }).map(([name, content]) => ({ name, content }))
      : [];
  const broken: fc.Arbitrary<FuzzBody> = fc.constantFrom<FuzzBody>(
    { payload: 'not multipart at all', contentType: 'multipart/form-data' },
    { payload: 'not multipart at all', contentType: 'multipart/form-data; boundary=abc' },
    {
      payload: '--abc\r\nContent-Disposition: form-data; name="file"\r\n\r\ntruncated',
      contentType: 'multipart/form-data; boundary=abc',
    },
    { payload: '--abc--\r\n', contentType: 'multipart/form-data; boundary=abc' },
    { payload: '--abc\r\n\r\n\r\n--abc--\r\n', contentType: 'multipart/form-data; boundary=abc' },
    {
      payload: '--abc\r\nContent-Disposition: form-data\r\n\r\nx\r\n--abc--\r\n',
      contentType: 'multipart/form-data; boundary=abc',
    },
    {
      payload: '--abc\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4\r\n--xyz--\r\n',
      contentType: 'multipart/form-data; boundary=abc',
    },
    {
      payload: '--abc\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4\r\n--abc--\r\n',
      contentType: 'multipart/form-data; boundary="abc"',
    },
    { payload: '', contentType: 'multipart/form-data; boundary=abc' },
    { payload: '\u0000\u0000\u0000', contentType: 'multipart/form-data; boundary=abc' },
    { payload: `--${'b'.repeat(100)}\r\n`, contentType: `multipart/form-data; boundary=${'b'.repeat(100)}` },
    { payload: '{"file":"JVBERi0xLjQ="}', contentType: 'application/json' },
    { payload: 'file=%25PDF', contentType: 'application/x-www-form-urlencoded' },
    { payload: '%PDF-1.4 raw bytes', contentType: 'application/pdf' },
    { payload: 'text', contentType: 'text/plain' },
    { payload: 'x' },
  );
  const hostileParts: fc.Arbitrary<FuzzBody> = fc
    .constantFrom<Part[]>(
      [...fields()],
      [...fields(), { name: 'notfile', filename: 'a.pdf', content: '%PDF-1.4' }],
      [...fields(), { name: 'file', content: 'a plain field, not a file' }],
      [...fields(), file('')],
      [...fields(), file(Buffer.alloc(64, 0))],
      [...fields(), file('MZ\u0090\u0000 an exe', 'doc.pdf.exe', 'application/x-msdownload')],
      [...fields(), file('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>', 'x.svg', 'image/svg+xml')],
      [...fields(), file('GIF89a<script>alert(1)</script>', 'x.gif', 'image/gif')],
      [...fields(), file('%PDF-1.4\n', '../../../../etc/passwd', 'application/pdf')],
      [...fields(), file('%PDF-1.4\n', 'a\u0000b.pdf')],
      [...fields(), file('%PDF-1.4\n', '\u202Efdp.exe')],
      [...fields(), file('%PDF-1.4\n', `${'n'.repeat(5000)}.pdf`)],
      [...fields(), file('%PDF-1.4\n', 'আমার-দলিল.pdf')],
      [
        ...fields(),
        file(
          'PK\u0003\u0004 not really a zip',
          'a.docx',
          'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        ),
      ],
      [...fields(), file('%PDF-1.4\n'), file('%PDF-1.4\n', 'second.pdf')],
      [...fields(), ...Array.from({ length: 20 }, (_, i) => ({ name: `f${i}`, content: 'x' })), file('%PDF-1.4\n')],
      [...fields({ caseId: 'not-a-uuid' }), file('%PDF-1.4\n')],
      [...fields({ privacy: 'PUBLIC' }), file('%PDF-1.4\n')],
      [...fields({ title: '' }), file('%PDF-1.4\n')],
      [...fields({ title: 'x'.repeat(70_000) }), file('%PDF-1.4\n')],
      [...fields({ caseId: '\u0000' }), file('%PDF-1.4\n')],
      [{ name: '__proto__', content: '{"role":"ADMIN"}' }, ...fields(), file('%PDF-1.4\n')],
      [{ name: 'constructor', content: 'x' }, { name: 'prototype', content: 'y' }, ...fields(), file('%PDF-1.4\n')],
    )
    .map((parts) => {
      const body = multipartBody(parts);
      return { payload: body.payload, contentType: body.contentType };
    });
  const big = multipartBody([...fields(), file(Buffer.alloc(11 * 1024 * 1024, 0x41), 'big.txt', 'text/plain')]);
  return [
    {
      name: 'multipart-broken',
      weight: 4,
      arb: fc.tuple(inputs, broken).map(([input, body]) => ({ ...invalid('multipart-broken', input), body })),
    },
    {
      name: 'multipart-parts',
      weight: 5,
      arb: fc.tuple(inputs, hostileParts).map(([input, body]) => ({ ...invalid('multipart-parts', input), body })),
    },
    {
      name: 'multipart-oversized',
      weight: 1,
      max: 2,
      arb: inputs.map((input) => ({
        ...invalid('multipart-oversized', input),
        body: { payload: big.payload, contentType: big.contentType },
      })),
    },
  ];
}
