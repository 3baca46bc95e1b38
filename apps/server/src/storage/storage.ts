import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';

/** A stored blob's facts. */
export interface BlobInfo {
  key: string;
  size: number;
  contentType: string;
}

/**
 * Media bytes (avatars, materials, follower media, dish photos): local disk by default; an S3-compatible store
 * implements the same three calls. Keys are opaque, unguessable and safe as path segments.
 */
export interface MediaStorage {
  put(key: string, body: Buffer | Readable, contentType: string): Promise<BlobInfo>;
  /** The bytes as a stream, or null when the key is unknown. */
  get(key: string): Promise<{ body: Readable; info: BlobInfo } | null>;
  delete(key: string): Promise<void>;
  /** Releases connections when the server closes. */
  close?(): void | Promise<void>;
}

const KEY = /^[a-z0-9][a-z0-9_-]{0,62}\/[a-z0-9_-]{16,80}(\.[a-z0-9]{1,8})?$/;

/** A new key: `<folder>/<32 hex>.<ext>`. */
export const newBlobKey = (folder: string, extension = ''): string =>
  `${folder}/${randomBytes(16).toString('hex')}${extension ? `.${extension.toLowerCase()}` : ''}`;

export const isBlobKey = (key: string): boolean => KEY.test(key) && !key.includes('..');
