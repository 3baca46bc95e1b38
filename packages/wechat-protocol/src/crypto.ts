import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { WechatCryptoError } from './errors.js';

/** The platform pads to 32-byte blocks (not AES's 16), so padding is done by hand. */
export const PKCS7_BLOCK_SIZE = 32;

const AES_KEY_PATTERN = /^[A-Za-z0-9]{43}$/;

/** True when `encodingAesKey` has the platform's shape: 43 characters of [A-Za-z0-9]. */
export function isValidEncodingAesKey(encodingAesKey: string): boolean {
  return AES_KEY_PATTERN.test(encodingAesKey);
}

/** EncodingAESKey (43 chars) + '=' decoded from Base64 → the 32-byte AES key; IV = its first 16 bytes. */
export function decodeEncodingAesKey(encodingAesKey: string): Buffer {
  if (!isValidEncodingAesKey(encodingAesKey)) {
    throw new WechatCryptoError('AES_KEY_INVALID', 'EncodingAESKey must be 43 characters of [A-Za-z0-9]');
  }
  const key = Buffer.from(`${encodingAesKey}=`, 'base64');
  if (key.length !== 32) throw new WechatCryptoError('AES_KEY_INVALID', 'EncodingAESKey does not decode to 32 bytes');
  return key;
}

/** PKCS#7 padding to a multiple of `blockSize` (1..blockSize bytes, each equal to the count). */
export function pkcs7Pad(data: Buffer, blockSize = PKCS7_BLOCK_SIZE): Buffer {
  const pad = blockSize - (data.length % blockSize);
  return Buffer.concat([data, Buffer.alloc(pad, pad)]);
}

/** Removes PKCS#7 padding of 1..blockSize bytes; refuses anything else. */
export function pkcs7Unpad(data: Buffer, blockSize = PKCS7_BLOCK_SIZE): Buffer {
  const pad = data.length ? data[data.length - 1]! : 0;
  if (pad < 1 || pad > blockSize || pad > data.length) throw new WechatCryptoError('DECRYPT_FAILED', 'bad padding');
  for (let i = data.length - pad; i < data.length; i++) {
    if (data[i] !== pad) throw new WechatCryptoError('DECRYPT_FAILED', 'bad padding');
  }
  return data.subarray(0, data.length - pad);
}

export interface AesOptions {
  /** The account's 43-character EncodingAESKey. */
  encodingAesKey: string;
  /** The account's appId, appended on encrypt and checked on decrypt. */
  appId: string;
}

/**
 * Safe-mode encryption: Base64(AES-256-CBC(pkcs7_32(random16 + len4(BE) + message + appId))).
 * `random` (16 bytes or a 16-character string) is for known-answer tests; it is random by default.
 */
export function encryptMessage(message: string, options: AesOptions & { random?: Buffer | string }): string {
  const key = decodeEncodingAesKey(options.encodingAesKey);
  const random = options.random === undefined ? randomBytes(16) : Buffer.from(options.random);
  if (random.length !== 16) throw new WechatCryptoError('DECRYPT_FAILED', 'the random prefix must be 16 bytes');
  const body = Buffer.from(message, 'utf8');
  const length = Buffer.alloc(4);
  length.writeUInt32BE(body.length, 0);
  const plain = pkcs7Pad(Buffer.concat([random, length, body, Buffer.from(options.appId, 'utf8')]));
  const cipher = createCipheriv('aes-256-cbc', key, key.subarray(0, 16));
  cipher.setAutoPadding(false);
  return Buffer.concat([cipher.update(plain), cipher.final()]).toString('base64');
}

export interface DecryptedMessage {
  message: string;
  appId: string;
}

/** Decrypts without checking the appId (use `decryptMessage` unless you really want that). */
export function decryptMessageUnchecked(encrypted: string, encodingAesKey: string): DecryptedMessage {
  const key = decodeEncodingAesKey(encodingAesKey);
  const data = Buffer.from(encrypted, 'base64');
  if (data.length === 0 || data.length % 16 !== 0) {
    throw new WechatCryptoError('DECRYPT_FAILED', 'the encrypted payload is not whole AES blocks');
  }
  let plain: Buffer;
  try {
    const decipher = createDecipheriv('aes-256-cbc', key, key.subarray(0, 16));
    decipher.setAutoPadding(false);
    plain = Buffer.concat([decipher.update(data), decipher.final()]);
  } catch {
    throw new WechatCryptoError('DECRYPT_FAILED', 'the encrypted payload does not decrypt');
  }
  const content = pkcs7Unpad(plain);
  if (content.length < 20) throw new WechatCryptoError('DECRYPT_FAILED', 'the decrypted payload is too short');
  const length = content.readUInt32BE(16);
  if (20 + length > content.length) throw new WechatCryptoError('DECRYPT_FAILED', 'the message length is out of range');
  return {
    message: content.subarray(20, 20 + length).toString('utf8'),
    appId: content.subarray(20 + length).toString('utf8'),
  };
}

/** Safe-mode decryption; throws `APPID_MISMATCH` when the payload was made for another appId. */
export function decryptMessage(encrypted: string, options: AesOptions): string {
  const result = decryptMessageUnchecked(encrypted, options.encodingAesKey);
  if (result.appId !== options.appId) {
    throw new WechatCryptoError('APPID_MISMATCH', 'the encrypted payload belongs to another appId');
  }
  return result.message;
}
