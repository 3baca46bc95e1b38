import { describe, expect, it } from 'vitest';
import {
  WechatCryptoError,
  decodeEncodingAesKey,
  decryptMessage,
  decryptMessageUnchecked,
  decryptReply,
  encryptMessage,
  encryptReply,
  parseEncryptedEnvelope,
  msgSignature,
  pkcs7Pad,
  pkcs7Unpad,
} from './index.js';

// wechat.md §1.7: binarywang/WxJava WxCryptUtilTest (same as the platform's WXBizMsgCryptTest).
const vector = {
  token: 'pamtest',
  encodingAesKey: 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG',
  appId: 'wxb11529c136998cb6',
  random: 'aaaabbbbccccdddd',
  timestamp: '1409304348',
  nonce: 'xxxxxx',
};
const plain1 = '我是中文abcd123';
const cipher1 = 'jn1L23DB+6ELqJ+6bruv21Y6MD7KeIfP82D6gU39rmkgczbWwt5+3bnyg5K55bgVtVzd832WzZGMhkP72vVOfg==';
// The same test class's second vector (a video reply), from the platform's sample code.
const plain2 =
  '<xml><ToUserName><![CDATA[oia2Tj我是中文jewbmiOUlr6X-1crbLOvLw]]></ToUserName><FromUserName><![CDATA[gh_7f083739789a]]></FromUserName><CreateTime>1407743423</CreateTime><MsgType><![CDATA[video]]></MsgType><Video><MediaId><![CDATA[eYJ1MbwPRJtOvIEabaxHs7TX2D-HV71s79GUxqdUkjm6Gs2Ed1KF3ulAOA9H1xG0]]></MediaId><Title><![CDATA[testCallBackReplyVideo]]></Title><Description><![CDATA[testCallBackReplyVideo]]></Description></Video></xml>';
const cipher2 =
  'jn1L23DB+6ELqJ+6bruv23M2GmYfkv0xBh2h+XTBOKVKcgDFHle6gqcZ1cZrk3e1qjPQ1F4RsLWzQRG9udbKWesxlkupqcEcW7ZQweImX9+wLMa0GaUzpkycA8+IamDBxn5loLgZpnS7fVAbExOkK5DYHBmv5tptA9tklE/fTIILHR8HLXa5nQvFb3tYPKAlHF3rtTeayNf0QuM+UW/wM9enGIDIJHF7CLHiDNAYxr+r+OrJCmPQyTy8cVWlu9iSvOHPT/77bZqJucQHQ04sq7KZI27OcqpQNSto2OdHCoTccjggX5Z9Mma0nMJBU+jLKJ38YB1fBIz+vBzsYjrTmFQ44YfeEuZ+xRTQwr92vhA9OxchWVINGC50qE/6lmkwWTwGX9wtQpsJKhP+oS7rvTY8+VdzETdfakjkwQ5/Xka042OlUb1/slTwo4RscuQ+RdxSGvDahxAJ6+EAjLt9d8igHngxIbf6YyqqROxuxqIeIch3CssH/LqRs+iAcILvApYZckqmA7FNERspKA5f8GoJ9sv8xmGvZ9Yrf57cExWtnX8aCMMaBropU/1k+hKP5LVdzbWCG0hGwx/dQudYR/eXp3P0XxjlFiy+9DMlaFExWUZQDajPkdPrEeOwofJb';

describe('AES safe mode', () => {
  it('decodes the EncodingAESKey to a 32-byte key', () => {
    const key = decodeEncodingAesKey(vector.encodingAesKey);
    expect(key).toHaveLength(32);
    expect(() => decodeEncodingAesKey('short')).toThrow(WechatCryptoError);
    expect(() => decodeEncodingAesKey(`${vector.encodingAesKey.slice(0, 42)}!`)).toThrow(/43 characters/);
  });

  it('encrypts the known-answer vector byte for byte', () => {
    expect(encryptMessage(plain1, { ...vector })).toBe(cipher1);
  });

  it('encrypts the second (XML reply) vector byte for byte', () => {
    expect(encryptMessage(plain2, { ...vector })).toBe(cipher2);
  });

  it('decrypts both vectors and checks the appId', () => {
    expect(decryptMessage(cipher1, vector)).toBe(plain1);
    expect(decryptMessage(cipher2, vector)).toBe(plain2);
    expect(decryptMessageUnchecked(cipher1, vector.encodingAesKey)).toEqual({ message: plain1, appId: vector.appId });
    expect(() => decryptMessage(cipher1, { ...vector, appId: 'wx0000000000000000' })).toThrow(
      expect.objectContaining({ code: 'APPID_MISMATCH' }),
    );
  });

  it('uses a fresh random prefix by default and round-trips', () => {
    const { random: _random, ...noRandom } = vector;
    const a = encryptMessage('hello', noRandom);
    const b = encryptMessage('hello', noRandom);
    expect(a).not.toBe(b);
    expect(decryptMessage(a, vector)).toBe('hello');
    expect(decryptMessage(encryptMessage('', noRandom), vector)).toBe('');
  });

  it('pads to 32-byte blocks (PKCS#7 with block size 32)', () => {
    expect(pkcs7Pad(Buffer.alloc(0))).toHaveLength(32);
    expect(pkcs7Pad(Buffer.alloc(31))).toHaveLength(32);
    expect(pkcs7Pad(Buffer.alloc(32))).toHaveLength(64);
    expect(pkcs7Pad(Buffer.alloc(32))[63]).toBe(32);
    expect(pkcs7Unpad(pkcs7Pad(Buffer.from('abc'))).toString()).toBe('abc');
    expect(() => pkcs7Unpad(Buffer.from([1, 2, 3, 0]))).toThrow(WechatCryptoError);
    expect(() => pkcs7Unpad(Buffer.from([1, 2, 3, 33]))).toThrow(WechatCryptoError);
    // The 16-byte block of 16 random + 4 length bytes alone is padded with 12 × 0x0c.
    const ciphertext = Buffer.from(cipher1, 'base64');
    expect(ciphertext.length % 32).toBe(0);
  });

  it('refuses ciphertext that is garbage, truncated or made with another key', () => {
    expect(() => decryptMessage('not base64 at all', vector)).toThrow(WechatCryptoError);
    expect(() => decryptMessage(cipher1.slice(0, 20), vector)).toThrow(WechatCryptoError);
    const otherKey = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789abcdefg';
    expect(() => decryptMessage(cipher1, { ...vector, encodingAesKey: otherKey })).toThrow(WechatCryptoError);
  });

  it('wraps a reply in the signed envelope and opens it again', () => {
    const envelope = encryptReply(plain2, vector, { timestamp: vector.timestamp, nonce: vector.nonce, random: vector.random });
    const parsed = parseEncryptedEnvelope(envelope);
    expect(parsed.encrypt).toBe(cipher2);
    expect(parsed.timeStamp).toBe(vector.timestamp);
    expect(parsed.nonce).toBe(vector.nonce);
    expect(parsed.msgSignature).toBe(msgSignature(vector.token, vector.timestamp, vector.nonce, cipher2));
    expect(envelope).toBe(
      `<xml><Encrypt><![CDATA[${cipher2}]]></Encrypt><MsgSignature><![CDATA[${parsed.msgSignature}]]></MsgSignature>` +
        `<TimeStamp>${vector.timestamp}</TimeStamp><Nonce><![CDATA[${vector.nonce}]]></Nonce></xml>`,
    );
    expect(decryptReply(envelope, vector)).toBe(plain2);
    const tampered = envelope.replace(parsed.msgSignature, '0'.repeat(40));
    expect(() => decryptReply(tampered, vector)).toThrow(expect.objectContaining({ code: 'SIGNATURE_MISMATCH' }));
  });
});
