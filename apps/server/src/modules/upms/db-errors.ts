import { conflict } from '../../http/errors.js';

/** The PostgreSQL error code of a failed query (drizzle wraps the driver's error as `cause`). */
const codeOf = (error: unknown): string | undefined => {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 4; e = e.cause as typeof e, i++) {
    if (typeof e.code === 'string') return e.code;
  }
  return undefined;
};

/** Runs a write; a unique-constraint violation (a concurrent duplicate) becomes a 409 with `message`. */
export async function uniquely<T>(work: () => Promise<T>, message: string): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (codeOf(error) === '23505') throw conflict(message);
    throw error;
  }
}
