/**
 * docs/product.md §5: an auth answer is only accepted with a usable token and a role. A server (or a proxy, or a
 * cached page) that answers 200 without them must not leave the client "logged in" with nothing.
 */
import { ClientAuthMessages } from '../../../contract/errors';
import type { AuthResponse } from '../../../contract/auth';

const UNUSABLE_TOKENS = new Set(['', 'null', 'undefined']);

export class AuthResponseError extends Error {}

/** Returns the response typed as AuthResponse, or throws with the docs/product.md §5 message. */
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

/**
 * When an access token stops working (its `exp`, in ms), read without verifying: the server checks
 * the signature; the client only wants to refresh before using a token that has run out.
 * Null for anything that is not a JWT with a numeric `exp`.
 */
export function tokenExpiresAt(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(
      payload
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(payload.length / 4) * 4, '='),
    );
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp * 1000 : null;
  } catch {
    return null;
  }
}
