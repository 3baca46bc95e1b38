import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll } from 'vitest';

/** s3rver's fixed test credentials. */
export const S3_TEST_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

/**
 * A local S3-compatible server on a free port with the given bucket, over a throwaway folder;
 * stopped after the file's tests. Gives the settings that point the server's media storage at it.
 */
export async function startS3(bucket = 'canteen-media') {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'canteen-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  afterAll(async () => {
    await server.close();
    rmSync(directory, { recursive: true, force: true });
  });
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    directory,
    env: {
      MEDIA_STORAGE: 's3', S3_ENDPOINT: endpoint, S3_BUCKET: bucket, S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: S3_TEST_CREDENTIALS.accessKeyId, S3_SECRET_ACCESS_KEY: S3_TEST_CREDENTIALS.secretAccessKey,
    },
  };
}
