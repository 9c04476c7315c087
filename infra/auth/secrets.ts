// Password hashing (argon2id) and session tokens (random, stored only as a SHA-256 hash).
import { createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import type { Secrets } from './port';

// argon2id, OWASP's minimum profile: 19 MiB, 2 passes.
const ARGON = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, ARGON);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A hash to compare against when the email is unknown, so a wrong email costs as long as a wrong password. */
let dummyHash: Promise<string> | null = null;
export const dummyPasswordHash = () => (dummyHash ??= hashPassword(randomBytes(16).toString('hex')));

export const newSessionToken = (): string => randomBytes(32).toString('base64url');

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export const randomPassword = (): string => randomBytes(12).toString('base64url');

/** The secrets port (./port.ts) as the API hands it to commands. */
export const secrets: Secrets = { hashPassword, verifyPassword, dummyPasswordHash, newSessionToken, hashToken, randomPassword };
