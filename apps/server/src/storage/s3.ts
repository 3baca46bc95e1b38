import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { Readable } from 'node:stream';
import { readAll } from './local.js';
import { isBlobKey, type MediaStorage } from './storage.js';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** An S3-compatible server's URL (MinIO, Ceph, a cloud's object storage); AWS when not given. */
  endpoint?: string | undefined;
  /** `http://host/bucket/key` instead of `http://bucket.host/key` (what most S3-compatible servers want). */
  forcePathStyle: boolean;
  /** Static credentials; the SDK's usual chain (AWS_* variables, profile, instance role) when not given. */
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** Prepended to every key, e.g. `canteen/`, to share a bucket. */
  prefix?: string | undefined;
}

/**
 * Blobs as objects in an S3-compatible bucket, so that several instances behind a load balancer
 * share avatars, materials and dish photos. The content type is the object's own.
 */
export function s3Storage(options: S3StorageOptions): MediaStorage & { close(): void } {
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: options.forcePathStyle,
    ...(options.credentials ? { credentials: options.credentials } : {}),
    // Checksums only where the API requires them: S3-compatible servers differ on the newer ones.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = options.bucket;
  const objectKey = (key: string) => {
    if (!isBlobKey(key)) throw new Error(`bad storage key ${key}`);
    return `${options.prefix ?? ''}${key}`;
  };
  const missing = (error: unknown) =>
    error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);

  return {
    async put(key, body, contentType) {
      // Media is small (10 MB at most): a whole body gives the length S3 needs up front.
      const bytes = Buffer.isBuffer(body) ? body : await readAll(body);
      await client.send(new PutObjectCommand({ Bucket, Key: objectKey(key), Body: bytes, ContentType: contentType, ContentLength: bytes.length }));
      return { key, size: bytes.length, contentType };
    },
    async get(key) {
      if (!isBlobKey(key)) return null;
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: objectKey(key) }));
        if (!(answer.Body instanceof Readable)) return null;
        return { body: answer.Body, info: { key, size: answer.ContentLength ?? 0, contentType: answer.ContentType ?? 'application/octet-stream' } };
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      if (!isBlobKey(key)) return;
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
    },
    close: () => client.destroy(),
  };
}
