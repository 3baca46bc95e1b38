import { createCipheriv, createDecipheriv } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { encryptPassword, PASSWORD_CIPHER_KEY } from './cipher';

const reference = (text: string) => {
  const plain = Buffer.from(text, 'utf8');
  const padded = Buffer.alloc(Math.ceil(plain.length / 16) * 16);
  plain.copy(padded);
  const cipher = createCipheriv('aes-128-cbc', Buffer.from(PASSWORD_CIPHER_KEY, 'latin1'), Buffer.from(PASSWORD_CIPHER_KEY, 'latin1'));
  cipher.setAutoPadding(false);
  return Buffer.concat([cipher.update(padded), cipher.final()]).toString('base64');
};

describe('password cipher', () => {
  it.each(['123456', 'abcdefghijklmnop', 'a much longer password than one block', '密码123456'])('matches OpenSSL AES-128-CBC zero padding for %s', (text) => {
    expect(encryptPassword(text)).toBe(reference(text));
  });

  it('decrypts back to the password with the same key', () => {
    const decipher = createDecipheriv('aes-128-cbc', Buffer.from(PASSWORD_CIPHER_KEY), Buffer.from(PASSWORD_CIPHER_KEY));
    decipher.setAutoPadding(false);
    const plain = Buffer.concat([decipher.update(Buffer.from(encryptPassword('123456'), 'base64')), decipher.final()]);
    expect(plain.toString('utf8').replace(/\0+$/, '')).toBe('123456');
  });
});
