import { describe, expect, it } from 'vitest';
import { WechatXmlError, assertSafeXml, buildXml, cdata, parseXml } from './index.js';

describe('hardened XML parser', () => {
  it('parses CDATA and plain text into strings, keeping 64-bit ids exact', () => {
    const object = parseXml(
      '<?xml version="1.0" encoding="UTF-8"?>\n<xml>\n  <ToUserName><![CDATA[gh_1]]></ToUserName>\n  <CreateTime>1348831860</CreateTime>\n' +
        '  <Content><![CDATA[ 你好 & <b> ]]></Content>\n  <MsgId>23637352235060880384</MsgId>\n</xml>',
    );
    expect(object).toEqual({ ToUserName: 'gh_1', CreateTime: '1348831860', Content: ' 你好 & <b> ', MsgId: '23637352235060880384' });
  });

  it('decodes the five predefined entities in plain text', () => {
    expect(parseXml('<xml><A>a &amp; b &lt;c&gt; &quot;&apos;</A></xml>')).toEqual({ A: 'a & b <c> "\'' });
  });

  it('refuses a DOCTYPE (billion laughs)', () => {
    const bomb =
      '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]><xml><A>&lol2;</A></xml>';
    expect(() => parseXml(bomb)).toThrow(WechatXmlError);
    expect(() => parseXml(bomb)).toThrow(expect.objectContaining({ code: 'XML_FORBIDDEN_DECLARATION' }));
  });

  it('refuses external entities and any other declaration, in any case', () => {
    const xxe = '<!doctype xml [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><xml><A>&xxe;</A></xml>';
    expect(() => parseXml(xxe)).toThrow(expect.objectContaining({ code: 'XML_FORBIDDEN_DECLARATION' }));
    expect(() => parseXml('<xml><!ENTITY a "b"><A>x</A></xml>')).toThrow(expect.objectContaining({ code: 'XML_FORBIDDEN_DECLARATION' }));
    expect(() => parseXml('<xml><!ELEMENT a ANY><A>x</A></xml>')).toThrow(expect.objectContaining({ code: 'XML_FORBIDDEN_DECLARATION' }));
  });

  it('allows comments and CDATA that merely mention DOCTYPE', () => {
    expect(parseXml('<xml><!-- note --><A><![CDATA[<!DOCTYPE is text here>]]></A></xml>')).toEqual({ A: '<!DOCTYPE is text here>' });
  });

  it('refuses bodies over the size limit, counted in bytes', () => {
    const big = `<xml><Content><![CDATA[${'x'.repeat(300 * 1024)}]]></Content></xml>`;
    expect(() => parseXml(big)).toThrow(expect.objectContaining({ code: 'XML_TOO_LARGE' }));
    expect(() => parseXml('<xml><A>中文</A></xml>', { maxBytes: 20 })).toThrow(expect.objectContaining({ code: 'XML_TOO_LARGE' }));
    expect(parseXml('<xml><A>中文</A></xml>', { maxBytes: 30 })).toEqual({ A: '中文' });
    expect(() => assertSafeXml(Buffer.alloc(11), 10)).toThrow(WechatXmlError);
  });

  it('refuses absurdly deep nesting with a typed error, not a crash', () => {
    const depth = 20_000;
    const deep = `<xml>${'<a>'.repeat(depth)}x${'</a>'.repeat(depth)}</xml>`;
    expect(() => parseXml(deep, { maxBytes: 1_000_000 })).toThrow(WechatXmlError);
  });

  it('refuses malformed XML, empty bodies and a wrong root', () => {
    for (const bad of ['', '   ', '<xml><A>x</xml>', 'not xml', '{"json":true}', '<root><A>x</A></root>', '<xml><A>x</A></xml><xml/>']) {
      expect(() => parseXml(bad), bad).toThrow(WechatXmlError);
    }
  });

  it('builds CDATA strings and bare numbers, and escapes a CDATA terminator', () => {
    expect(buildXml({ A: 'x', B: 12, C: { D: 'y' }, E: ['1', '2'], F: undefined })).toBe(
      '<xml><A><![CDATA[x]]></A><B>12</B><C><D><![CDATA[y]]></D></C><E><![CDATA[1]]></E><E><![CDATA[2]]></E></xml>',
    );
    const tricky = 'a]]>b<c>&d';
    expect(cdata(tricky)).toBe('<![CDATA[a]]]]><![CDATA[>b<c>&d]]>');
    expect(parseXml(buildXml({ A: tricky }))).toEqual({ A: tricky });
  });
});
