import path from 'node:path';
import type { Config } from '../config.js';
import { localStorage } from './local.js';
import type { MediaStorage } from './storage.js';

/**
 * The media storage the configuration asks for: the local folder DATA_DIR/media (default) or an
 * S3-compatible bucket (the SDK is loaded only then).
 */
export async function mediaStorageOf(config: Config): Promise<MediaStorage> {
  if (config.MEDIA_STORAGE === 's3') {
    const { s3Storage } = await import('./s3.js');
    return s3Storage({
      bucket: config.S3_BUCKET!,
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      forcePathStyle: config.S3_FORCE_PATH_STYLE ? config.S3_FORCE_PATH_STYLE === 'on' : Boolean(config.S3_ENDPOINT),
      credentials: config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY } : undefined,
      prefix: config.S3_PREFIX,
    });
  }
  return localStorage(path.resolve(config.DATA_DIR, 'media'));
}
