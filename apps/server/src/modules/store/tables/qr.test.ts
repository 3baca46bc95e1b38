import { inflateSync } from 'node:zlib';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { QR_QUIET_MODULES, qrPng } from './qr.js';

/** Width, height and RGB bytes of a PNG as qrPng writes it (8-bit RGB, every row filtered Up). */
function decode(png: Buffer): { width: number; height: number; rgb: Uint8Array } {
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  const idat: Buffer[] = [];
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    if (png.toString('latin1', at + 4, at + 8) === 'IDAT') idat.push(png.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * 3;
  const rgb = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    expect(raw[y * (stride + 1)]).toBe(2);
    for (let i = 0; i < stride; i++) rgb[y * stride + i] = (raw[y * (stride + 1) + 1 + i]! + (y ? rgb[(y - 1) * stride + i]! : 0)) & 255;
  }
  return { width, height, rgb };
}

describe('a table\'s QR sticker (PNG)', () => {
  it('draws every module of the code sharp, and the table\'s label under it', async () => {
    const url = 'https://order.example.com/order/t/abc123';
    const { width, height, rgb } = decode(await qrPng(url, { code: 'A08', caption: '大厅 · 蜀香园·川菜馆（春熙路店）' }));
    const { modules } = QRCode.create(url, { errorCorrectionLevel: 'M' });
    const cell = width / (modules.size + QR_QUIET_MODULES * 2);
    expect(Number.isInteger(cell)).toBe(true);
    const dark = (x: number, y: number) => rgb[(y * width + x) * 3]! < 128;
    for (let row = 0; row < modules.size; row++) {
      for (let col = 0; col < modules.size; col++) {
        const [x, y] = [(col + QR_QUIET_MODULES) * cell, (row + QR_QUIET_MODULES) * cell];
        // Both corners of the module: no blur across module edges.
        expect(dark(x, y), `module ${row},${col}`).toBe(modules.get(row, col) === 1);
        expect(dark(x + cell - 1, y + cell - 1), `module ${row},${col}`).toBe(modules.get(row, col) === 1);
      }
    }
    // The label band under the code carries ink (the code and caption), its margins none.
    expect(height).toBeGreaterThan(width + 100);
    let ink = 0;
    for (let y = width; y < height; y++) for (let x = 0; x < width; x++) if (dark(x, y)) ink++;
    expect(ink).toBeGreaterThan(500);
    for (let y = width; y < height; y++) expect(dark(0, y) || dark(width - 1, y)).toBe(false);
  });
});
