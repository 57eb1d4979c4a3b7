import { createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// OWASP: argon2id, 19 MiB memory, 2 iterations, 1 lane.
const ARGON = { algorithm: 2 /* Argon2id */, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** Hashes a password with argon2id (OWASP parameters). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON);
}

/** Verifies a password; never throws on a malformed hash. */
export async function verifyPassword(hashed: string, password: string): Promise<boolean> {
  try {
    return await verify(hashed, password);
  } catch {
    return false;
  }
}

/** A random 256-bit token, URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256 of a token: only this is stored. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
