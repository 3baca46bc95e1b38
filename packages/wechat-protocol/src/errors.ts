/** What went wrong while reading or writing the platform's wire format. */
export type WechatProtocolErrorCode =
  | 'XML_TOO_LARGE'
  | 'XML_FORBIDDEN_DECLARATION'
  | 'XML_MALFORMED'
  | 'MESSAGE_INVALID'
  | 'AES_KEY_INVALID'
  | 'DECRYPT_FAILED'
  | 'APPID_MISMATCH'
  | 'SIGNATURE_MISMATCH';

/** The one error type this package throws; `code` says which rule was broken. */
export class WechatProtocolError extends Error {
  override readonly name: string = 'WechatProtocolError';
  constructor(
    readonly code: WechatProtocolErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** Hostile or broken XML: too large, with a DOCTYPE/ENTITY declaration, or not well formed. */
export class WechatXmlError extends WechatProtocolError {
  override readonly name = 'WechatXmlError';
}

/** A bad EncodingAESKey, a ciphertext that does not decrypt, or a payload for another appId. */
export class WechatCryptoError extends WechatProtocolError {
  override readonly name = 'WechatCryptoError';
}
