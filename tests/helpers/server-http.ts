/**
 * Small request helpers for server suites: JSON calls through inject(), multipart bodies, and the
 * common journeys (register → verified user) so each test states only what it is about.
 */
import type { FastifyInstance } from 'fastify';
import { AuthResponseSchema, type AuthResponse } from '../../contract/auth';
import { waitForVerificationCode } from './server-mail';

export interface CallResult {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  /** The parsed envelope (or other JSON); null for a non-JSON body. */
  json: Envelope | null;
  raw: Buffer;
}

export interface Envelope {
  version?: string;
  status?: number;
  message?: string;
  timestamp?: string;
  path?: string;
  data?: unknown;
  error?: {
    code: number;
    reason?: string;
    message: string;
    details?: string;
    fields?: { field: string; message: string }[];
  };
  metadata?: unknown;
  [key: string]: unknown;
}

export interface CallOptions {
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
  /** Sent as-is (no JSON encoding). */
  payload?: string | Buffer;
}

export async function call(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'HEAD' | 'OPTIONS',
  url: string,
  options: CallOptions = {},
): Promise<CallResult> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let payload: string | Buffer | undefined = options.payload;
  if (options.body !== undefined) {
    payload = JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  const response = await app.inject({ method, url, headers, ...(payload !== undefined ? { payload } : {}) });
  const type = String(response.headers['content-type'] ?? '');
  return {
    status: response.statusCode,
    headers: response.headers,
    json: type.includes('json') && response.body ? (JSON.parse(response.body) as Envelope) : null,
    raw: response.rawPayload,
  };
}

export function authData(result: CallResult): AuthResponse {
  return AuthResponseSchema.parse(result.json?.data);
}

export const STRONG_PASSWORD = 'Str0ng!Pass';

let counter = 0;
/** A fresh address per call, so tests in one file never collide. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}${counter}.${Date.now().toString(36)}@example.test`;
}

export async function registerUser(
  app: FastifyInstance,
  overrides: Partial<{
    email: string;
    password: string;
    role: 'USER' | 'LAWYER';
    firstName: string;
    lastName: string;
    language: 'en' | 'bn';
  }> = {},
): Promise<AuthResponse & { password: string }> {
  const body = {
    firstName: 'Karim',
    lastName: 'Uddin',
    email: uniqueEmail(),
    password: STRONG_PASSWORD,
    role: 'USER' as const,
    ...overrides,
  };
  const result = await call(app, 'POST', '/v1/auth/register', { body });
  if (result.status !== 201) throw new Error(`register failed: ${result.status} ${JSON.stringify(result.json)}`);
  return { ...authData(result), password: body.password };
}

/** Registers and verifies through the mailed code; returns the verified session. */
export async function verifiedUser(
  app: FastifyInstance,
  mailDir: string,
  overrides: Parameters<typeof registerUser>[1] = {},
): Promise<AuthResponse & { password: string }> {
  const registered = await registerUser(app, overrides);
  const otp = await waitForVerificationCode(mailDir, registered.email);
  const result = await call(app, 'POST', '/v1/auth/verify-email', { body: { email: registered.email, otp } });
  if (result.status !== 200) throw new Error(`verify failed: ${result.status} ${JSON.stringify(result.json)}`);
  return { ...authData(result), password: registered.password };
}

export interface MultipartPart {
  name: string;
  filename?: string;
  contentType?: string;
  content: Buffer | string;
}

export function multipart(parts: MultipartPart[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----legalconnect${Date.now().toString(16)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`;
    if (part.filename) head += `; filename="${part.filename}"`;
    head += '\r\n';
    if (part.contentType) head += `Content-Type: ${part.contentType}\r\n`;
    chunks.push(Buffer.from(`${head}\r\n`), Buffer.from(part.content), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
