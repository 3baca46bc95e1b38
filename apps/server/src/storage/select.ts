import path from 'node:path';
import type { Config } from '../config.js';
import { localStorage } from './local.js';
import type { MediaStorage } from './storage.js';

/** The media storage the configuration asks for: the local folder DATA_DIR/media. */
export function mediaStorageOf(config: Config): MediaStorage {
  return localStorage(path.resolve(config.DATA_DIR, 'media'));
}
