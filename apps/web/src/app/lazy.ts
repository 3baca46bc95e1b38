import { CHUNK_LOAD_TIMEOUT_MS } from '@canteen/contract';

/** A chunk that did not arrive: failed to load, or took longer than the specification's 120 s. */
export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

const chunkMessage = /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Failed to fetch|ChunkLoadError|Unable to preload CSS/i;

export const isChunkLoadError = (error: unknown) =>
  error instanceof ChunkLoadError || (error instanceof Error && (chunkMessage.test(error.message) || error.name === 'ChunkLoadError'));

/** Loads a chunk, failing with a ChunkLoadError after `timeoutMs` or on a load failure. */
export function withChunkTimeout<T>(load: () => Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(`chunk load timed out after ${timeoutMs} ms`)), timeoutMs);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(isChunkLoadError(error) ? new ChunkLoadError(error instanceof Error ? error.message : String(error)) : error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
