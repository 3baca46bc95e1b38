import { createCipheriv, createDecipheriv } from 'node:crypto';

/**
 * The sign-in form's fixed-key password cipher: AES-128-CBC, zero padding, key = IV = a
 * 16-character key (PASSWORD_CIPHER_KEY), Base64. It only obfuscates the password in transit;
 * TLS is what protects it.
 */
const keyBytes = (key: string) => {
  const bytes = Buffer.from(key, 'latin1');
  if (bytes.length !== 16) throw new Error('the password cipher key must be 16 characters');
  return bytes;
};

export function encryptPassword(plain: string, key: string): string {
  const data = Buffer.from(plain, 'utf8');
  const padded = Buffer.alloc(Math.ceil(data.length / 16) * 16 || 16);
  data.copy(padded);
  const cipher = createCipheriv('aes-128-cbc', keyBytes(key), keyBytes(key)).setAutoPadding(false);
  return Buffer.concat([cipher.update(padded), cipher.final()]).toString('base64');
}

/** The plain password, or null when the text is not Base64 of whole AES blocks decrypting to UTF-8. */
export function decryptPassword(encrypted: string, key: string): string | null {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(encrypted) || encrypted.length % 4 !== 0) return null;
  const data = Buffer.from(encrypted, 'base64');
  if (data.length === 0 || data.length % 16 !== 0) return null;
  const decipher = createDecipheriv('aes-128-cbc', keyBytes(key), keyBytes(key)).setAutoPadding(false);
  const padded = Buffer.concat([decipher.update(data), decipher.final()]);
  let end = padded.length;
  while (end > 0 && padded[end - 1] === 0) end--;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(padded.subarray(0, end)).trim();
  } catch {
    return null;
  }
}
