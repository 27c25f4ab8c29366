/**
 * SPEC §5: an auth answer is only accepted with a usable token and a role. A server (or a proxy, or a
 * cached page) that answers 200 without them must not leave the client "logged in" with nothing.
 */
import { ClientAuthMessages } from '../../../contract/errors';
import type { AuthResponse } from '../../../contract/auth';

const UNUSABLE_TOKENS = new Set(['', 'null', 'undefined']);

export class AuthResponseError extends Error {}

/** Returns the response typed as AuthResponse, or throws with the SPEC §5 message. */
export function validateAuthResponse(data: unknown): AuthResponse {
  if (typeof data !== 'object' || data === null) throw new AuthResponseError(ClientAuthMessages.invalidAuthResponse);
  const { token, role } = data as { token?: unknown; role?: unknown };
  if (token === undefined || token === null || !role) {
    throw new AuthResponseError(ClientAuthMessages.invalidAuthResponse);
  }
  if (typeof token !== 'string' || UNUSABLE_TOKENS.has(token.trim())) {
    throw new AuthResponseError(ClientAuthMessages.invalidAuthToken);
  }
  return data as AuthResponse;
}
