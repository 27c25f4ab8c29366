/**
 * The `state` of a Google consent request, and what binds the answer to the request. Google sends
 * the browser back to a public callback with a code; we must know whose calendar it is and that
 * this very person started it. So:
 * - `state` is a short-lived JWT signed with a key derived from JWT_SECRET (its own audience: it
 *   can never pass for an access token) naming the user and a random nonce;
 * - the same nonce goes into an HttpOnly cookie on the browser that asked (SameSite=Lax, so it comes
 *   back on Google's top-level redirect): a consent URL sent to someone else's browser finds no
 *   cookie there, so nobody can link their Google account to another's LegalConnect account, or the
 *   reverse (RFC 6749 §10.12);
 * - the PKCE verifier is derived from the nonce with the key, so it needs no storage and only this
 *   server can produce it for the code Google issued (RFC 7636).
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import { RoleSchema, type Role } from '../../../contract/auth';
import type { Clock } from '../../clock';

/** Long enough to read Google's consent page; short enough that a leaked state soon means nothing. */
export const OAUTH_STATE_TTL_SECONDS = 10 * 60;
const AUDIENCE = 'LegalConnect-google-calendar-oauth';

export interface OAuthRequest {
  /** Goes into Google's `state` parameter. */
  state: string;
  /** Goes into the browser's cookie. */
  nonce: string;
  codeChallenge: string;
}

export interface OAuthState {
  userId: string;
  role: Role;
  nonce: string;
}

const StateClaimsSchema = z.object({ sub: z.uuid(), role: RoleSchema, nonce: z.string().min(16) });

export class OAuthStateSigner {
  private readonly secret: Buffer;
  private readonly key: Promise<CryptoKey>;

  constructor(
    jwtSecret: string,
    private readonly clock: Clock,
  ) {
    this.secret = createHash('sha256').update(`google-oauth-state:${jwtSecret}`).digest();
    this.key = crypto.subtle.importKey('raw', new Uint8Array(this.secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]);
  }

  async start(user: { id: string; role: Role }): Promise<OAuthRequest> {
    const nonce = randomBytes(16).toString('base64url');
    const issuedAt = Math.floor(this.clock.now().getTime() / 1000);
    const state = await new SignJWT({ role: user.role, nonce })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setAudience(AUDIENCE)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + OAUTH_STATE_TTL_SECONDS)
      .sign(await this.key);
    return { state, nonce, codeChallenge: createHash('sha256').update(this.codeVerifier(nonce)).digest('base64url') };
  }

  /** The request a `state` names, when it is ours, unexpired, and `cookieNonce` is its nonce; else null. */
  async finish(state: string, cookieNonce: string | null): Promise<OAuthState | null> {
    let payload: unknown;
    try {
      ({ payload } = await jwtVerify(state, await this.key, {
        algorithms: ['HS256'],
        audience: AUDIENCE,
        currentDate: this.clock.now(),
        requiredClaims: ['exp', 'sub'],
      }));
    } catch (error) {
      if (error instanceof joseErrors.JOSEError || error instanceof TypeError) return null;
      throw error;
    }
    const claims = StateClaimsSchema.safeParse(payload);
    if (!claims.success || cookieNonce === null || !sameText(claims.data.nonce, cookieNonce)) return null;
    return { userId: claims.data.sub, role: claims.data.role, nonce: claims.data.nonce };
  }

  /** The PKCE verifier of a request (43 base64url characters). */
  codeVerifier(nonce: string): string {
    return createHmac('sha256', this.secret).update(`pkce:${nonce}`).digest('base64url');
  }
}

function sameText(a: string, b: string): boolean {
  return timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());
}
