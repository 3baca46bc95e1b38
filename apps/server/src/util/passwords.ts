import { hash, verify } from '@node-rs/argon2';

/**
 * Argon2id with OWASP's recommended minimum cost: 19 MiB of memory, 2 passes, 1 lane
 * (about 20–40 ms per hash on a current server core).
 */
export const ARGON2_COST = { algorithm: 2 /* Argon2id */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, ARGON2_COST);

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** Spends the same work as a real check, so an unknown user answers as slowly as a wrong password. */
let dummy: Promise<string> | undefined;
export async function verifyNothing(password: string): Promise<false> {
  dummy ??= hashPassword('not-a-real-password');
  await verifyPassword(await dummy, password);
  return false;
}
