/** Password hashing with argon2id (OWASP parameters: 19 MiB, 2 passes, 1 lane). */
import { hash, verify } from '@node-rs/argon2';

/** `algorithm: 2` is Algorithm.Argon2id (a const enum, which isolated modules cannot import). */
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | null = null;

/**
 * Spend the same time as a real check when the account does not exist, so response timing does
 * not tell an attacker which emails are registered.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('dummy-password-for-timing-Aa1!');
  await verifyPassword(await dummyHash, password);
  return false;
}
