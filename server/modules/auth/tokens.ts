/**
 * Access tokens (JWT, HS256, 1 h, claims of CONTRACT §2) and opaque refresh tokens. Refresh tokens
 * are random and only their SHA-256 is stored, so a database leak does not hand out sessions.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
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
   * expired, wrong audience…).
   */
  async verifyAccess(token: string): Promise<(AccessClaims & { expiresAtMs: number }) | null> {
    try {
      const { payload } = await jwtVerify(token, await this.key, {
        algorithms: ['HS256'],
        issuer: JWT_ISSUER,
        audience: JWT_AUDIENCE,
        currentDate: this.clock.now(),
        requiredClaims: ['exp', 'iat', 'sub'],
      });
      const claims = AccessClaimsSchema.safeParse(payload);
      return claims.success && payload.exp !== undefined ? { ...claims.data, expiresAtMs: payload.exp * 1000 } : null;
    } catch (error) {
      if (error instanceof joseErrors.JOSEError || error instanceof TypeError) return null;
      throw error;
    }
  }
}

export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
