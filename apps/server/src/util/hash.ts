import { createHash, randomBytes } from 'node:crypto';

export const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/** An opaque random token: 32 bytes, base64url. */
export const randomToken = (): string => randomBytes(32).toString('base64url');
