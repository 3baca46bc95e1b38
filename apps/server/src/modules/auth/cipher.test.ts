import { describe, expect, it } from 'vitest';
import { decryptPassword, encryptPassword } from './cipher.js';

const KEY = 'thanks,pig4cloud';

describe('password cipher (AES-128-CBC, zero padding, key = IV)', () => {
  it('matches the known answer (computed with node:crypto and checked with openssl enc -nopad)', () => {
    expect(encryptPassword('123456', KEY)).toBe('LFEt60GoMTj5/mQQ7HjJeA==');
    expect(decryptPassword('LFEt60GoMTj5/mQQ7HjJeA==', KEY)).toBe('123456');
  });

  it.each(['abcdefghijklmnop', 'a much longer password than one block', '密码123456'])('round-trips %s', (plain) => {
    expect(decryptPassword(encryptPassword(plain, KEY), KEY)).toBe(plain);
  });

  it.each(['', 'not base64!', 'YWJj', 'LFEt60GoMTj5/mQQ7HjJeA=', 'A'.repeat(5)])('refuses malformed cipher text %j', (text) => {
    expect(decryptPassword(text, KEY)).toBeNull();
  });

  it('answers another password for another key, never the plain one', () => {
    expect(decryptPassword(encryptPassword('123456', KEY), 'pigxpigxpigxpigx')).not.toBe('123456');
  });
});
