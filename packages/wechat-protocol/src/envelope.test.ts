import { describe, expect, it } from 'vitest';
import {
  buildInboundXml,
  buildPlainPushQuery,
  callbackSignature,
  decryptPush,
  encryptPush,
  decryptReply,
  generateNonce,
  msgSignature,
  openPush,
  parseReplyXml,
  sealReply,
  parseInboundMessage,
  parseXml,
  unixTimestamp,
  verifyCallbackSignature,
} from './index.js';

const credentials = { appId: 'wxb11529c136998cb6', token: 'pamtest', encodingAesKey: 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG' };
const push = buildInboundXml({
  toUserName: 'gh_7f083739789a',
  fromUserName: 'oia2TjjewbmiOUlr6X-1crbLOvLw',
  createTime: 1407743423,
  msgType: 'text',
  content: '你好',
  msgId: '6334682481753955327',
});

describe('push envelopes', () => {
  it('signs a plain push query', () => {
    const query = buildPlainPushQuery('AAAAA', 'o1', { timestamp: '1714036504', nonce: '1514711492' });
    expect(query).toEqual({ signature: 'f464b24fc39322e44b38aa78f5edd27bd1441696', timestamp: '1714036504', nonce: '1514711492', openid: 'o1' });
    expect(verifyCallbackSignature('AAAAA', buildPlainPushQuery('AAAAA', 'o1'))).toBe(true);
  });

  it('builds a safe-mode push that the receiver can verify and decrypt', () => {
    const { body, query } = encryptPush(push, credentials, { toUserName: 'gh_7f083739789a', openid: 'oia2TjjewbmiOUlr6X-1crbLOvLw' });
    const object = parseXml(body);
    expect(Object.keys(object)).toEqual(['ToUserName', 'Encrypt']);
    expect(query.encrypt_type).toBe('aes');
    expect(query.signature).toBe(callbackSignature(credentials.token, query.timestamp, query.nonce));
    expect(query.msg_signature).toBe(msgSignature(credentials.token, query.timestamp, query.nonce, object.Encrypt as string));
    const plain = decryptPush(body, query, credentials);
    expect(plain).toBe(push);
    expect(parseInboundMessage(plain)).toMatchObject({ content: '你好', msgId: '6334682481753955327' });
  });

  it('builds a compatible-mode push with both the plaintext and the ciphertext', () => {
    const { body, query } = encryptPush(push, credentials, { toUserName: 'gh_7f083739789a', openid: 'o', compatible: true });
    const object = parseXml(body);
    expect(object.Content).toBe('你好');
    expect(typeof object.Encrypt).toBe('string');
    expect(decryptPush(body, query, credentials)).toBe(push);
  });

  it('refuses a push with a wrong msg_signature or for another appId', () => {
    const { body, query } = encryptPush(push, credentials, { toUserName: 'gh', openid: 'o' });
    expect(() => decryptPush(body, { ...query, msg_signature: 'f'.repeat(40) }, credentials)).toThrow(
      expect.objectContaining({ code: 'SIGNATURE_MISMATCH' }),
    );
    expect(() => decryptPush(body, query, { ...credentials, appId: 'wx1111111111111111' })).toThrow(
      expect.objectContaining({ code: 'APPID_MISMATCH' }),
    );
    expect(() => decryptPush('<xml><ToUserName>gh</ToUserName></xml>', query, credentials)).toThrow(
      expect.objectContaining({ code: 'MESSAGE_INVALID' }),
    );
  });

  it('makes platform-shaped nonces and timestamps', () => {
    expect(generateNonce()).toMatch(/^\d{10}$/);
    expect(unixTimestamp(1_714_036_504_999)).toBe('1714036504');
  });
});

describe('openPush and sealReply (the callback in two calls)', () => {
  const reply = { toUserName: 'oia2TjjewbmiOUlr6X-1crbLOvLw', fromUserName: 'gh_7f083739789a', createTime: 1407743424, msgType: 'text' as const, content: '收到' };

  it('opens a plain push and answers in plain XML', () => {
    const query = buildPlainPushQuery(credentials.token, 'oia2TjjewbmiOUlr6X-1crbLOvLw');
    const opened = openPush({ body: Buffer.from(push), query, credentials });
    expect(opened.encrypted).toBe(false);
    expect(opened.message).toMatchObject({ msgType: 'text', content: '你好' });
    expect(parseReplyXml(sealReply(reply, { encrypted: opened.encrypted, credentials }))).toEqual(reply);
  });

  it('opens a safe-mode push and answers encrypted', () => {
    const { body, query } = encryptPush(push, credentials, { toUserName: 'gh_7f083739789a', openid: 'o' });
    const request = { ...query, extra: ['x'] };
    const opened = openPush({ body, query: request, credentials });
    expect(opened.encrypted).toBe(true);
    expect(opened.xml).toBe(push);
    const answer = sealReply(reply, { encrypted: true, credentials });
    expect(parseReplyXml(decryptReply(answer, credentials))).toEqual(reply);
    expect(sealReply('success', { encrypted: false, credentials })).toBe('success');
  });

  it('refuses a wrong signature before reading the body', () => {
    const query = { ...buildPlainPushQuery(credentials.token, 'o'), signature: '0'.repeat(40) };
    expect(() => openPush({ body: '<!DOCTYPE x>', query, credentials })).toThrow(expect.objectContaining({ code: 'SIGNATURE_MISMATCH' }));
    const good = buildPlainPushQuery(credentials.token, 'o');
    expect(() => openPush({ body: '<!DOCTYPE x><xml/>', query: good, credentials })).toThrow(expect.objectContaining({ code: 'XML_FORBIDDEN_DECLARATION' }));
  });
});
