import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { createSecrets, loadSecretsKey, maskSecret } from './secrets.js';

describe('secrets at rest', () => {
  it('seals with AES-256-GCM: different every time, opens back, and detects tampering', () => {
    const secrets = createSecrets(randomBytes(32));
    const a = secrets.seal('my-app-secret');
    const b = secrets.seal('my-app-secret');
    expect(a).not.toBe(b);
    expect(a).not.toContain('my-app-secret');
    expect(secrets.open(a)).toBe('my-app-secret');
    const raw = Buffer.from(a.slice(3), 'base64');
    raw[raw.length - 1]! ^= 1;
    expect(() => secrets.open(`v1:${raw.toString('base64')}`)).toThrow();
    expect(() => createSecrets(randomBytes(32)).open(a)).toThrow();
  });

  it('generates the key once into DATA_DIR/secrets.key with mode 0600 when SECRETS_KEY is unset', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'canteen-secrets-'));
    const first = loadSecretsKey({ DATA_DIR: dir, SECRETS_KEY: undefined });
    const again = loadSecretsKey({ DATA_DIR: dir, SECRETS_KEY: undefined });
    expect(first.equals(again)).toBe(true);
    expect(first).toHaveLength(32);
    expect(statSync(path.join(dir, 'secrets.key')).mode & 0o777).toBe(0o600);
    expect(readFileSync(path.join(dir, 'secrets.key'), 'utf8').trim()).toBe(first.toString('base64'));
  });

  it('takes SECRETS_KEY from the configuration and refuses a key that is not 32 bytes', () => {
    const key = randomBytes(32).toString('base64');
    expect(loadSecretsKey(loadConfig({ SECRETS_KEY: key })).toString('base64')).toBe(key);
    expect(() => loadConfig({ SECRETS_KEY: randomBytes(16).toString('base64') })).toThrow(/SECRETS_KEY must be 32 bytes/);
  });

  it('masks for display', () => {
    expect(maskSecret('abcdefghijkl')).toBe('ab********kl');
    expect(maskSecret('abc')).toBe('******');
    expect(maskSecret('')).toBe('');
  });
});
