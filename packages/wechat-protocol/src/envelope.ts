import { randomBytes } from 'node:crypto';
import { decryptMessage, encryptMessage } from './crypto.js';
import { WechatCryptoError, WechatXmlError } from './errors.js';
import { callbackSignature, msgSignature, verifyCallbackSignature, verifyMsgSignature } from './signature.js';
import { buildReplyXml, parseInboundMessage, type InboundMessage, type ReplyMessage } from './messages.js';
import { buildXml, parseXml, type ParseXmlOptions, type XmlObject } from './xml.js';

/** What both ends of a safe-mode account share. */
export interface WechatCredentials {
  appId: string;
  token: string;
  /** The 43-character EncodingAESKey. */
  encodingAesKey: string;
}

/** A fresh nonce: 10 decimal digits, like the platform's. */
export function generateNonce(): string {
  return String(1_000_000_000 + (randomBytes(4).readUInt32BE(0) % 9_000_000_000)).slice(0, 10);
}

/** Unix seconds as a string, the form used in signatures. */
export function unixTimestamp(ms: number = Date.now()): string {
  return String(Math.floor(ms / 1000));
}

/** The encrypted passive reply: `<xml><Encrypt/><MsgSignature/><TimeStamp/><Nonce/></xml>`. */
export interface EncryptedEnvelope {
  encrypt: string;
  msgSignature: string;
  timeStamp: string;
  nonce: string;
}

export function buildEncryptedEnvelope(envelope: EncryptedEnvelope): string {
  return buildXml({
    Encrypt: envelope.encrypt,
    MsgSignature: envelope.msgSignature,
    TimeStamp: /^\d+$/.test(envelope.timeStamp) ? Number(envelope.timeStamp) : envelope.timeStamp,
    Nonce: envelope.nonce,
  });
}

function text(object: XmlObject, name: string): string | undefined {
  const value = object[name];
  return typeof value === 'string' ? value : undefined;
}

export function parseEncryptedEnvelope(xml: string | Buffer, options?: ParseXmlOptions): EncryptedEnvelope {
  const object = parseXml(xml, options);
  const encrypt = text(object, 'Encrypt');
  const signature = text(object, 'MsgSignature');
  const timeStamp = text(object, 'TimeStamp');
  const nonce = text(object, 'Nonce');
  if (!encrypt || !signature || !timeStamp || !nonce) {
    throw new WechatXmlError('MESSAGE_INVALID', 'the encrypted envelope lacks Encrypt, MsgSignature, TimeStamp or Nonce');
  }
  return { encrypt, msgSignature: signature, timeStamp, nonce };
}

export interface EncryptOptions {
  timestamp?: string;
  nonce?: string;
  /** 16 bytes; random unless given (known-answer tests). */
  random?: Buffer | string;
}

/** Encrypts a passive reply and wraps it in the signed envelope the platform expects. */
export function encryptReply(replyXml: string, credentials: WechatCredentials, options: EncryptOptions = {}): string {
  const timeStamp = options.timestamp ?? unixTimestamp();
  const nonce = options.nonce ?? generateNonce();
  const encrypt = encryptMessage(replyXml, { ...credentials, random: options.random });
  return buildEncryptedEnvelope({ encrypt, msgSignature: msgSignature(credentials.token, timeStamp, nonce, encrypt), timeStamp, nonce });
}

/** Checks an encrypted reply's MsgSignature and appId and returns the plaintext reply XML. */
export function decryptReply(envelopeXml: string | Buffer, credentials: WechatCredentials, options?: ParseXmlOptions): string {
  const envelope = parseEncryptedEnvelope(envelopeXml, options);
  if (!verifyMsgSignature(credentials.token, envelope.timeStamp, envelope.nonce, envelope.encrypt, envelope.msgSignature)) {
    throw new WechatCryptoError('SIGNATURE_MISMATCH', 'MsgSignature does not match the encrypted reply');
  }
  return decryptMessage(envelope.encrypt, credentials);
}

/** The query string of a push (`openid` is the sender). */
export interface PushQuery {
  signature: string;
  timestamp: string;
  nonce: string;
  openid: string;
  encrypt_type?: 'aes';
  msg_signature?: string;
}

/** Query for a plaintext push. */
export function buildPlainPushQuery(token: string, openid: string, options: { timestamp?: string; nonce?: string } = {}): PushQuery {
  const timestamp = options.timestamp ?? unixTimestamp();
  const nonce = options.nonce ?? generateNonce();
  return { signature: callbackSignature(token, timestamp, nonce), timestamp, nonce, openid };
}

export interface EncryptedPush {
  /** `<xml><ToUserName/><Encrypt/></xml>` (safe mode) or the plaintext fields plus Encrypt (compatible). */
  body: string;
  query: PushQuery;
}

/**
 * Builds a safe-mode (or, with `compatible`, compatible-mode) push from the plaintext push XML:
 * the body carries the ciphertext, the query `encrypt_type=aes` and `msg_signature`.
 */
export function encryptPush(
  plainXml: string,
  credentials: WechatCredentials,
  options: EncryptOptions & { toUserName: string; openid: string; compatible?: boolean },
): EncryptedPush {
  const query = buildPlainPushQuery(credentials.token, options.openid, options);
  const encrypt = encryptMessage(plainXml, { ...credentials, random: options.random });
  let body: string;
  if (options.compatible) {
    if (!plainXml.endsWith('</xml>')) throw new WechatXmlError('MESSAGE_INVALID', 'the plaintext push must end with </xml>');
    body = `${plainXml.slice(0, -'</xml>'.length)}${buildXml({ Encrypt: encrypt }).slice('<xml>'.length)}`;
  } else {
    body = buildXml({ ToUserName: options.toUserName, Encrypt: encrypt });
  }
  return {
    body,
    query: { ...query, encrypt_type: 'aes', msg_signature: msgSignature(credentials.token, query.timestamp, query.nonce, encrypt) },
  };
}

/** Checks a safe-mode push's `msg_signature` and appId and returns the plaintext push XML. */
export function decryptPush(
  body: string | Buffer,
  query: { timestamp?: string | null; nonce?: string | null; msg_signature?: string | null },
  credentials: WechatCredentials,
  options?: ParseXmlOptions,
): string {
  const object = parseXml(body, options);
  const encrypt = text(object, 'Encrypt');
  if (!encrypt) throw new WechatXmlError('MESSAGE_INVALID', 'the encrypted push lacks Encrypt');
  if (!query.timestamp || !query.nonce || !verifyMsgSignature(credentials.token, query.timestamp, query.nonce, encrypt, query.msg_signature)) {
    throw new WechatCryptoError('SIGNATURE_MISMATCH', 'msg_signature does not match the encrypted push');
  }
  return decryptMessage(encrypt, credentials);
}

type QueryValue = string | string[] | undefined | null;

function first(value: QueryValue): string | undefined {
  return Array.isArray(value) ? value[0] : (value ?? undefined);
}

export interface OpenedPush {
  message: InboundMessage;
  /** The plaintext push XML. */
  xml: string;
  /** True when the push came encrypted (`encrypt_type=aes`): answer with `sealReply(…, { encrypted: true })`. */
  encrypted: boolean;
}

/**
 * Everything a callback does with a POSTed push, in order: checks `signature`, decrypts (checking
 * `msg_signature` and the appId) when `encrypt_type=aes`, then parses the hardened XML into a
 * typed message. Throws `WechatProtocolError` (`SIGNATURE_MISMATCH`, `XML_*`, `DECRYPT_FAILED`…).
 */
export function openPush(input: {
  body: string | Buffer;
  /** The request's query (extra keys such as `openid` are ignored). */
  query: Partial<Record<'signature' | 'timestamp' | 'nonce' | 'encrypt_type' | 'msg_signature', QueryValue>>;
  credentials: WechatCredentials;
  options?: ParseXmlOptions;
}): OpenedPush {
  const { body, credentials, options } = input;
  const query = {
    signature: first(input.query.signature),
    timestamp: first(input.query.timestamp),
    nonce: first(input.query.nonce),
    encrypt_type: first(input.query.encrypt_type),
    msg_signature: first(input.query.msg_signature),
  };
  if (!verifyCallbackSignature(credentials.token, query)) {
    throw new WechatCryptoError('SIGNATURE_MISMATCH', 'signature does not match the push');
  }
  const encrypted = query.encrypt_type === 'aes';
  const xml = encrypted ? decryptPush(body, query, credentials, options) : typeof body === 'string' ? body : body.toString('utf8');
  return { message: parseInboundMessage(xml, options), xml, encrypted };
}

/** The body answering a push: the reply XML, encrypted in its envelope when the push was. */
export function sealReply(
  reply: ReplyMessage | string,
  options: EncryptOptions & { encrypted: boolean; credentials: WechatCredentials },
): string {
  const xml = typeof reply === 'string' ? reply : buildReplyXml(reply);
  return options.encrypted ? encryptReply(xml, options.credentials, options) : xml;
}
