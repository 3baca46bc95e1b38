/**
 * The messaging platform's wire protocol, shared by the server and the simulator (Node only):
 * callback signatures, AES-256-CBC safe mode, hardened XML parsing and building for every push
 * and passive reply type, and the encrypted envelopes.
 */
export { WechatProtocolError, WechatXmlError, WechatCryptoError, type WechatProtocolErrorCode } from './errors.js';
export {
  sha1Sorted,
  callbackSignature,
  msgSignature,
  signaturesEqual,
  verifyCallbackSignature,
  verifyMsgSignature,
} from './signature.js';
export {
  PKCS7_BLOCK_SIZE,
  isValidEncodingAesKey,
  decodeEncodingAesKey,
  pkcs7Pad,
  pkcs7Unpad,
  encryptMessage,
  decryptMessage,
  decryptMessageUnchecked,
  type AesOptions,
  type DecryptedMessage,
} from './crypto.js';
export {
  DEFAULT_MAX_XML_BYTES,
  assertSafeXml,
  parseXml,
  buildXml,
  cdata,
  type ParseXmlOptions,
  type XmlValue,
  type XmlObject,
  type XmlInput,
  type XmlInputObject,
} from './xml.js';
export { toXmlName, toFieldName, fromXmlObject, toXmlObject } from './fields.js';
export * from './messages.js';
export {
  generateNonce,
  unixTimestamp,
  buildEncryptedEnvelope,
  parseEncryptedEnvelope,
  encryptReply,
  decryptReply,
  buildPlainPushQuery,
  encryptPush,
  decryptPush,
  openPush,
  sealReply,
  type OpenedPush,
  type WechatCredentials,
  type EncryptedEnvelope,
  type EncryptOptions,
  type PushQuery,
  type EncryptedPush,
} from './envelope.js';
export * from './pay.js';
export { demoPayMerchant } from './pay-demo.js';
