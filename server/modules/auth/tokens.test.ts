/**
 * Access-token verification with node:crypto: everything the server signs is accepted until it
 * expires, and every token jose's strict jwtVerify refused is still refused (another algorithm or
 * secret, a changed payload, a non-canonical signature, wrong issuer or audience, missing or future
 * time claims, critical header extensions, claims outside the contract).
 */
import { createHmac } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { TokenService } from './tokens';

const SECRET = 'a-test-secret-that-is-long-enough-0123456789';
const now = new Date('2026-03-01T10:00:00Z');
const clock = { now: () => now };
const tokens = new TokenService(SECRET, clock);
const subject = {
  id: '4b3c1a52-0b8f-4c55-9e1f-3f6a2d8b7c10',
  email: 'nusrat@example.test',
  role: 'USER' as const,
  firstName: 'Nusrat',
  lastName: 'Jahan',
  emailVerified: true,
};
const sid = '9a0c2f1e-5d3b-4e7a-8c6f-1b2d3e4f5a6b';
const seconds = Math.floor(now.getTime() / 1000);

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A compact JWS over exactly this header and payload, signed with HMAC-SHA256 (whatever `alg` says). */
function handMade(header: Record<string, unknown>, payload: Record<string, unknown>, secret = SECRET): string {
  const signingInput = `${b64(header)}.${b64(payload)}`;
  return `${signingInput}.${createHmac('sha256', secret).update(signingInput).digest('base64url')}`;
}

function payload(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    userId: subject.id,
    role: 'USER',
    firstName: 'Nusrat',
    lastName: 'Jahan',
    emailVerified: true,
    tokenType: 'ACCESS',
    sid,
    sub: subject.email,
    iss: 'LegalConnect',
    aud: 'LegalConnect-API',
    iat: seconds,
    exp: seconds + 3600,
    ...overrides,
  };
}

describe('TokenService.verifyAccess', () => {
  it('accepts what it signs, with the claims and expiry, and a well-formed hand-made token', async () => {
    const claims = await tokens.verifyAccess(await tokens.signAccess(subject, sid));
    expect(claims).toMatchObject({ userId: subject.id, sid, role: 'USER', sub: subject.email });
    expect(claims?.expiresAtMs).toBe((seconds + 3600) * 1000);
    expect(await tokens.verifyAccess(handMade({ alg: 'HS256', typ: 'JWT' }, payload()))).not.toBeNull();
    expect(
      await tokens.verifyAccess(handMade({ alg: 'HS256' }, payload({ aud: ['x', 'LegalConnect-API'] }))),
    ).not.toBeNull();
  });

  it('refuses an expired token from the second it expires', async () => {
    const later = new TokenService(SECRET, { now: () => new Date(now.getTime() + 3600 * 1000) });
    expect(await later.verifyAccess(await tokens.signAccess(subject, sid))).toBeNull();
    const almost = new TokenService(SECRET, { now: () => new Date(now.getTime() + 3599 * 1000) });
    expect(await almost.verifyAccess(await tokens.signAccess(subject, sid))).not.toBeNull();
  });

  it('refuses other algorithms, other secrets and changed parts', async () => {
    const good = await tokens.signAccess(subject, sid);
    const [header = '', body = '', signature = ''] = good.split('.');
    const hs512 = await new SignJWT(payload())
      .setProtectedHeader({ alg: 'HS512' })
      .sign(new TextEncoder().encode(SECRET));
    const refused = [
      hs512,
      handMade({ alg: 'HS256' }, payload(), 'another-secret-that-is-long-enough-0123'),
      handMade({ alg: 'none' }, payload()),
      `${b64({ alg: 'none' })}.${body}.`,
      `${header}.${b64(payload({ role: 'ADMIN' }))}.${signature}`,
      `${header}.${body}.${signature}=`,
      `${header}.${body}.${signature.slice(0, -1)}`,
      `${header}.${body}`,
      `${header}.${body}.${signature}.x`,
      'garbage',
      '..',
    ];
    for (const token of refused) expect(await tokens.verifyAccess(token), token).toBeNull();
  });

  it('refuses wrong issuer or audience, missing or future time claims, crit headers and off-contract claims', async () => {
    const refused = [
      handMade({ alg: 'HS256' }, payload({ iss: 'Someone' })),
      handMade({ alg: 'HS256' }, payload({ aud: 'Someone-Else' })),
      handMade({ alg: 'HS256' }, payload({ aud: undefined })),
      handMade({ alg: 'HS256' }, payload({ exp: undefined })),
      handMade({ alg: 'HS256' }, payload({ exp: String(seconds + 3600) })),
      handMade({ alg: 'HS256' }, payload({ iat: undefined })),
      handMade({ alg: 'HS256' }, payload({ sub: undefined })),
      handMade({ alg: 'HS256' }, payload({ nbf: seconds + 60 })),
      handMade({ alg: 'HS256', crit: ['exp'] }, payload()),
      handMade({ alg: 'HS256' }, payload({ tokenType: 'REFRESH' })),
      handMade({ alg: 'HS256' }, payload({ role: 'ROOT' })),
      handMade({ alg: 'HS256' }, payload({ userId: 'not-a-uuid' })),
    ];
    for (const token of refused) expect(await tokens.verifyAccess(token), token).toBeNull();
    const header = b64({ alg: 'HS256' });
    const arrayBody = Buffer.from('[1,2]').toString('base64url');
    const input = `${header}.${arrayBody}`;
    expect(
      await tokens.verifyAccess(`${input}.${createHmac('sha256', SECRET).update(input).digest('base64url')}`),
    ).toBeNull();
  });
});
