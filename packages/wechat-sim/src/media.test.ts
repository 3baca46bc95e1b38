import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { amrDurationSeconds, crc32, makeAmr, makeAvatarPng, makeDishPng, makeJpeg, makeMp4, sniff } from './media.js';
import { parseMultipart } from './multipart.js';

/** Top-level and nested ISO BMFF boxes as [type, size] (containers opened). */
function boxes(data: Buffer, start = 0, end = data.length, depth = 0): string[] {
  const containers = new Set(['moov', 'trak', 'mdia', 'minf', 'stbl', 'dinf']);
  const out: string[] = [];
  let offset = start;
  while (offset < end) {
    const size = data.readUInt32BE(offset);
    const type = data.subarray(offset + 4, offset + 8).toString('latin1');
    expect(size).toBeGreaterThanOrEqual(8);
    out.push(`${'.'.repeat(depth)}${type}`);
    if (containers.has(type)) out.push(...boxes(data, offset + 8, offset + size, depth + 1));
    offset += size;
  }
  expect(offset).toBe(end);
  return out;
}

describe('generated sample media', () => {
  it('makes valid PNGs (signature, CRCs, inflatable pixels)', () => {
    for (const png of [makeAvatarPng([200, 100, 50]), makeDishPng([[1, 2, 3]])]) {
      expect(sniff(png)).toBe('png');
      expect(png.length).toBeLessThan(50 * 1024);
      let offset = 8;
      const types: string[] = [];
      while (offset < png.length) {
        const length = png.readUInt32BE(offset);
        const type = png.subarray(offset + 4, offset + 8);
        const data = png.subarray(offset + 8, offset + 8 + length);
        expect(png.readUInt32BE(offset + 8 + length)).toBe(crc32(Buffer.concat([type, data])));
        types.push(type.toString('latin1'));
        if (types.at(-1) === 'IDAT') {
          const width = png.readUInt32BE(16);
          const height = png.readUInt32BE(20);
          expect(inflateSync(data).length).toBe((width * 3 + 1) * height);
        }
        offset += 12 + length;
      }
      expect(types).toEqual(['IHDR', 'IDAT', 'IEND']);
    }
  });

  it('makes a baseline JPEG with the expected segments', () => {
    const jpg = makeJpeg(64, 48, 200);
    expect(sniff(jpg)).toBe('jpg');
    expect(jpg.subarray(-2)).toEqual(Buffer.from([0xff, 0xd9]));
    const markers: number[] = [];
    let offset = 2;
    while (jpg[offset] === 0xff && jpg[offset + 1] !== 0xda) {
      markers.push(jpg[offset + 1]!);
      offset += 2 + jpg.readUInt16BE(offset + 2);
    }
    expect(markers).toEqual([0xe0, 0xdb, 0xc0, 0xc4]);
    expect(jpg[offset + 1]).toBe(0xda); // then the scan
    expect(jpg.length).toBeLessThan(64 * 1024);
  });

  it('makes an AMR-NB file: #!AMR header and 20 ms frames', () => {
    const amr = makeAmr(2);
    expect(amr.subarray(0, 6).toString('latin1')).toBe('#!AMR\n');
    expect(amrDurationSeconds(amr)).toBe(2);
    expect((amr.length - 6) % 32).toBe(0);
    expect(amr[6]).toBe(0x3c);
    expect(sniff(amr)).toBe('amr');
    expect(amrDurationSeconds(Buffer.from('nope'))).toBeUndefined();
  });

  it('makes an MP4 with an avc1 track, SPS/PPS and sample tables', () => {
    const mp4 = makeMp4();
    expect(sniff(mp4)).toBe('mp4');
    expect(mp4.length).toBeLessThan(50 * 1024);
    expect(boxes(mp4)).toEqual([
      'ftyp', 'moov', '.mvhd', '.trak', '..tkhd', '..mdia', '...mdhd', '...hdlr', '...minf', '....vmhd', '....dinf', '.....dref',
      '....stbl', '.....stsd', '.....stts', '.....stss', '.....stsc', '.....stsz', '.....stco', 'mdat',
    ]);
    const avcC = mp4.indexOf('avcC');
    expect(mp4[avcC + 5]).toBe(66); // baseline profile
    // The chunk offset points at the first sample: a 4-byte length then an IDR NAL (type 5).
    const stco = mp4.indexOf('stco');
    const chunk = mp4.readUInt32BE(stco + 12);
    expect(mp4[chunk + 4]! & 0x1f).toBe(5);
    expect(mp4.subarray(mp4.indexOf('mdat') - 4 + 8, chunk).length).toBe(0);
  });

  it('recognises common upload types by their bytes', () => {
    expect(sniff(Buffer.from('GIF89a'))).toBe('gif');
    expect(sniff(Buffer.from('BM....'))).toBe('bmp');
    expect(sniff(Buffer.from('ID3\x03'))).toBe('mp3');
    expect(sniff(Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WAVE')]))).toBe('wav');
    expect(sniff(Buffer.from('hello'))).toBeUndefined();
  });

  it('parses multipart bodies', () => {
    const body = Buffer.from(
      '--b\r\nContent-Disposition: form-data; name="description"\r\n\r\n{"title":"t"}\r\n' +
        '--b\r\nContent-Disposition: form-data; name="media"; filename="a.bin"\r\nContent-Type: application/octet-stream\r\n\r\n\x00\x01\r\n\x02\r\n--b--\r\n',
      'latin1',
    );
    const parts = parseMultipart(body, 'b');
    expect(parts.map((part) => part.name)).toEqual(['description', 'media']);
    expect(parts[0]!.data.toString()).toBe('{"title":"t"}');
    expect(parts[1]).toMatchObject({ filename: 'a.bin', contentType: 'application/octet-stream' });
    expect([...parts[1]!.data]).toEqual([0, 1, 13, 10, 2]);
  });
});
