import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { contentTypeOfName } from './media-types.js';
import { isBlobKey, type BlobInfo, type MediaStorage } from './storage.js';

/**
 * Blobs as files under one folder, each with a small `.meta` JSON beside it (content type); a
 * file without one (an avatar stored before the pipeline) takes the content type of its extension.
 */
export function localStorage(root: string): MediaStorage {
  const fileOf = (key: string) => {
    if (!isBlobKey(key)) throw new Error(`bad storage key ${key}`);
    return path.join(root, key);
  };
  return {
    async put(key, body, contentType) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      if (Buffer.isBuffer(body)) await writeFile(file, body);
      else await pipeline(body, createWriteStream(file));
      await writeFile(`${file}.meta`, JSON.stringify({ contentType }));
      return { key, size: (await stat(file)).size, contentType };
    },
    async get(key) {
      if (!isBlobKey(key)) return null;
      const file = fileOf(key);
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) return null;
      const meta = await readFile(`${file}.meta`, 'utf8').then((text) => JSON.parse(text) as { contentType?: unknown }, () => null);
      const contentType = typeof meta?.contentType === 'string' ? meta.contentType : contentTypeOfName(key) ?? 'application/octet-stream';
      const blob: BlobInfo = { key, size: info.size, contentType };
      return { body: createReadStream(file), info: blob };
    },
    async delete(key) {
      if (!isBlobKey(key)) return;
      const file = fileOf(key);
      await Promise.all([rm(file, { force: true }), rm(`${file}.meta`, { force: true })]);
    },
  };
}

/** Reads a stored blob whole (small media only). */
export async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

