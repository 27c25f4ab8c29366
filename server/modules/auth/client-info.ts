/** What the auth rules need to know about the caller's connection. */
import type { FastifyRequest } from 'fastify';
import type { ClientInfo } from './service';

export function clientInfo(request: FastifyRequest): ClientInfo {
  const userAgent = request.headers['user-agent'];
  const language = request.headers['accept-language'];
  return {
    ip: request.ip,
    userAgent: typeof userAgent === 'string' ? userAgent : null,
    // Mail language for a new account: Bangla when the browser prefers it, English otherwise.
    language: typeof language === 'string' && /^\s*bn\b/i.test(language) ? 'bn' : 'en',
  };
}
