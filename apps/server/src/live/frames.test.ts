import { describe, expect, it } from 'vitest';
import { escapeValue, FrameError, FrameParser, header, serializeFrame } from './frames.js';

const text = (b: Buffer) => b.toString('utf8');

describe('FrameParser', () => {
  it('parses a frame ended by NUL, with LF or CR LF line ends', () => {
    const parser = new FrameParser();
    const frames = parser.push('SUBSCRIBE\r\nid:sub-0\ndestination:/weixin/wx_msg\r\n\r\n\0');
    expect(frames).toHaveLength(1);
    expect(frames[0]!.command).toBe('SUBSCRIBE');
    expect(frames[0]!.headers).toEqual([['id', 'sub-0'], ['destination', '/weixin/wx_msg']]);
    expect(frames[0]!.body.length).toBe(0);
  });

  it('reads a body by content-length, NULs included, and keeps the first of repeated headers', () => {
    const parser = new FrameParser();
    const [frame] = parser.push(Buffer.concat([Buffer.from('SEND\ncontent-length:5\nfoo:1\nfoo:2\n\n'), Buffer.from([0x61, 0, 0x62, 0, 0x63]), Buffer.from([0])]));
    expect(frame!.body).toEqual(Buffer.from([0x61, 0, 0x62, 0, 0x63]));
    expect(header(frame!, 'foo')).toBe('1');
  });

  it('assembles frames split anywhere across chunks, counts heart-beat EOLs, returns several at once', () => {
    const parser = new FrameParser();
    const bytes = Buffer.from('\n\r\nSEND\ndestination:/a\ncontent-length:2\n\nhi\0\nDISCONNECT\nreceipt:77\n\n\0');
    const seen: string[] = [];
    for (let i = 0; i < bytes.length; i += 3) for (const f of parser.push(bytes.subarray(i, i + 3))) seen.push(f.command);
    expect(seen).toEqual(['SEND', 'DISCONNECT']);
    expect(parser.heartBeats).toBe(3);
    expect(parser.pending).toBe(0);
    expect(parser.push('\n\nSUBSCRIBE\nid:1\n\n\0\0'.slice(0, -1)).map((f) => f.command)).toEqual(['SUBSCRIBE']);
  });

  it('decodes 1.2 escapes in headers, but never in CONNECT', () => {
    const parser = new FrameParser();
    const [send] = parser.push('SEND\nk\\cey:a\\nb\\cc\\\\d\\re\n\n\0');
    expect(send!.headers[0]).toEqual(['k:ey', 'a\nb:c\\d\re']);
    const [connect] = parser.push('CONNECT\npasscode:a\\nb\n\n\0');
    expect(header(connect!, 'passcode')).toBe('a\\nb');
  });

  it('refuses \\r in 1.1 and undefined escapes', () => {
    const v11 = new FrameParser();
    v11.version = '1.1';
    expect(() => v11.push('SEND\nk:a\\rb\n\n\0')).toThrow(FrameError);
    expect(() => new FrameParser().push('SEND\nk:a\\tb\n\n\0')).toThrow(/escape/);
    const v10 = new FrameParser();
    v10.version = '1.0';
    expect(header(v10.push('SEND\nk:a\\tb\n\n\0')[0]!, 'k')).toBe('a\\tb');
  });

  it('refuses malformed frames', () => {
    expect(() => new FrameParser().push('subscribe\n\n\0')).toThrow(/bad command/);
    expect(() => new FrameParser().push('SEND\nno colon here\n\n\0')).toThrow(/malformed header/);
    expect(() => new FrameParser().push('SEND\ncontent-length:abc\n\n\0')).toThrow(/content-length/);
    expect(() => new FrameParser().push('SEND\ncontent-length:2\n\nabc\0')).toThrow(/NUL/);
  });

  it('enforces the header, header-count and body limits, even before the frame ends', () => {
    const limits = { maxHeaderBytes: 64, maxHeaders: 2, maxBodyBytes: 16 };
    expect(() => new FrameParser(limits).push(`SEND\nk:${'x'.repeat(100)}`)).toThrow(/headers larger/);
    expect(() => new FrameParser(limits).push('SEND\na:1\nb:2\nc:3\n\n\0')).toThrow(/more than 2 headers/);
    expect(() => new FrameParser(limits).push(`SEND\n\n${'x'.repeat(17)}`)).toThrow(/body larger/);
    expect(() => new FrameParser(limits).push('SEND\ncontent-length:17\n\n')).toThrow(/body larger/);
    expect(new FrameParser(limits).push(`SEND\n\n${'x'.repeat(16)}\0`)[0]!.body.length).toBe(16);
  });
});

describe('serializeFrame', () => {
  it('escapes header values for 1.2 and adds content-length', () => {
    const bytes = serializeFrame('MESSAGE', { destination: '/a:b', note: 'x\ny\\z\r' }, '{"a":1}');
    expect(text(bytes)).toBe('MESSAGE\ndestination:/a\\cb\nnote:x\\ny\\\\z\\r\ncontent-length:7\n\n{"a":1}\0');
  });

  it('never escapes CONNECTED, and drops CR for 1.1', () => {
    expect(text(serializeFrame('CONNECTED', { version: '1.2', server: 'a:b' }))).toBe('CONNECTED\nversion:1.2\nserver:a:b\n\n\0');
    expect(escapeValue('a\rb:c', '1.1')).toBe('ab\\cc');
  });

  it('round-trips through the parser with multibyte bodies', () => {
    const body = JSON.stringify({ repContent: '你好\0世界' });
    const [frame] = new FrameParser().push(serializeFrame('MESSAGE', { 'message-id': 'm:1\n' }, body));
    expect(header(frame!, 'message-id')).toBe('m:1\n');
    expect(text(frame!.body)).toBe(body);
  });
});
