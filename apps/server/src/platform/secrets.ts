import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.js';

/**
 * Secrets at rest (AppSecret, EncodingAESKey, callback token): AES-256-GCM with a 32-byte key
 * from SECRETS_KEY, or, when unset, a key generated once and kept in DATA_DIR/secrets.key (0600).
 * Stored form: `v1:` + Base64(iv 12 bytes | tag 16 bytes | ciphertext).
 */
export interface Secrets {
  seal(plain: string): string;
  open(sealed: string): string;
}

const PREFIX = 'v1:';

export function loadSecretsKey(config: Pick<Config, 'SECRETS_KEY' | 'DATA_DIR'>): Buffer {
  if (config.SECRETS_KEY) return Buffer.from(config.SECRETS_KEY, 'base64');
  const file = path.resolve(config.DATA_DIR, 'secrets.key');
  if (existsSync(file)) {
    const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
    if (key.length !== 32) throw new Error(`${file} does not hold a 32-byte Base64 key`);
    return key;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  const key = randomBytes(32);
  try {
    // 'wx': another instance sharing DATA_DIR may have written it first; then use theirs.
    writeFileSync(file, key.toString('base64') + '\n', { mode: 0o600, flag: 'wx' });
    chmodSync(file, 0o600);
    return key;
  } catch {
    return loadSecretsKey(config);
  }
}

export function createSecrets(key: Buffer): Secrets {
  if (key.length !== 32) throw new Error('the secrets key must be 32 bytes');
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
    },
    open(sealed) {
      if (!sealed.startsWith(PREFIX)) throw new Error('not a sealed secret');
      const raw = Buffer.from(sealed.slice(PREFIX.length), 'base64');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}

/** Shows that a secret is set without showing it: the first and last two characters. */
export const maskSecret = (plain: string | null | undefined): string => {
  if (!plain) return '';
  if (plain.length <= 6) return '******';
  return `${plain.slice(0, 2)}${'*'.repeat(Math.min(plain.length - 4, 20))}${plain.slice(-2)}`;
};
