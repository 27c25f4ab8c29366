/**
 * Access tokens (JWT, HS256, 1 h, claims of docs/api.md §2) and opaque refresh tokens. Refresh tokens
 * are random and only their SHA-256 is stored, so a database leak does not hand out sessions.
 */
import {
  createHash,
  createHmac,
  createSecretKey,
  randomBytes,
  randomUUID,
  timingSafeEqual,
  type KeyObject,
} from 'node:crypto';
import { SignJWT } from 'jose';
import { AccessClaimsSchema, type AccessClaims, type Role } from '../../../contract/auth';
import { ACCESS_TOKEN_TTL_SECONDS, JWT_AUDIENCE, JWT_ISSUER } from '../../../contract/constants';
import type { Clock } from '../../clock';

export interface TokenSubject {
  id: string;
  email: string;
  role: Role;
  firstName: string;
  lastName: string;
  emailVerified: boolean;
}

export class TokenService {
  /**
   * Imported once: handing jose the raw bytes makes it import a new CryptoKey on every call, which
   * was a measurable share of each authenticated request.
   */
  private readonly key: Promise<CryptoKey>;
  /** The same secret for node:crypto's synchronous HMAC, which checks every request's token. */
  private readonly verifyKey: KeyObject;

  constructor(
    secret: string,
    private readonly clock: Clock,
  ) {
    this.key = crypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
    this.verifyKey = createSecretKey(Buffer.from(secret, 'utf8'));
  }

  async signAccess(user: TokenSubject, sid: string): Promise<string> {
    const issuedAt = Math.floor(this.clock.now().getTime() / 1000);
    return new SignJWT({
      userId: user.id,
      role: user.role,
      firstName: user.firstName,
      lastName: user.lastName,
      emailVerified: user.emailVerified,
      tokenType: 'ACCESS',
      sid,
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(user.email)
      .setIssuer(JWT_ISSUER)
      .setAudience(JWT_AUDIENCE)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + ACCESS_TOKEN_TTL_SECONDS)
      .setJti(randomUUID())
      .sign(await this.key);
  }

  /**
   * The claims of a valid access token and when it expires, or null for anything else (garbage,
   * another algorithm, a bad signature, expired or not yet valid, wrong issuer or audience, missing
   * exp/iat/sub, claims outside the contract). The same checks jose's jwtVerify made, with one
   * synchronous HMAC instead of a WebCrypto round trip per request.
   */
  async verifyAccess(token: string): Promise<(AccessClaims & { expiresAtMs: number }) | null> {
    return this.verifyAccessSync(token);
  }

  private verifyAccessSync(token: string): (AccessClaims & { expiresAtMs: number }) | null {
    const parts = token.split('.');
    if (parts.length !== 3) return null;
    const [encodedHeader = '', encodedPayload = '', encodedSignature = ''] = parts;
    if (!BASE64URL.test(encodedHeader) || !BASE64URL.test(encodedPayload) || !BASE64URL.test(encodedSignature)) {
      return null;
    }
    const header = parseJsonObject(encodedHeader);
    // Only HS256, and no critical extensions (jose refused those it does not know; we know none).
    if (!header || header.alg !== 'HS256' || 'crit' in header || 'b64' in header) return null;
    const expected = createHmac('sha256', this.verifyKey).update(`${encodedHeader}.${encodedPayload}`).digest();
    const given = Buffer.from(encodedSignature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const payload = parseJsonObject(encodedPayload);
    if (!payload) return null;
    const { exp, iat, nbf, sub, iss, aud } = payload;
    if (typeof exp !== 'number' || typeof iat !== 'number' || typeof sub !== 'string') return null;
    if (!Number.isFinite(exp) || !Number.isFinite(iat)) return null;
    const now = Math.floor(this.clock.now().getTime() / 1000);
    if (exp <= now) return null;
    if (nbf !== undefined && (typeof nbf !== 'number' || nbf > now)) return null;
    if (iss !== JWT_ISSUER) return null;
    if (!(aud === JWT_AUDIENCE || (Array.isArray(aud) && aud.includes(JWT_AUDIENCE)))) return null;
    const claims = AccessClaimsSchema.safeParse(payload);
    return claims.success ? { ...claims.data, expiresAtMs: exp * 1000 } : null;
  }
}

/** Unpadded base64url, as JWS compact serialisation writes it (no padding, no other characters). */
const BASE64URL = /^[A-Za-z0-9_-]+$/;

function parseJsonObject(encoded: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
