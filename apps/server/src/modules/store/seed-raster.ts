import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { deflateSync, inflateSync } from 'node:zlib';
import type { Font } from 'fontkit';

/**
 * A small software canvas for the demo seed's pictures (no image library is installed and
 * there is no network for stock photos): filled outlines with anti-aliased edges (nonzero
 * winding, four sub-scanlines a pixel and exact horizontal coverage), solid or gradient paint,
 * text drawn from the bundled Noto Sans SC outlines, and a small RGB PNG encoder.
 */

export type Rgb = readonly [number, number, number];
/**
 * A colour that varies over the picture: t in 0..1 picks along evenly spaced stops. Linear:
 * t = ax·x + ay·y + c; radial: t = distance from (cx, cy) / r.
 */
export type Gradient =
  | { kind: 'linear'; ax: number; ay: number; c: number; stops: readonly Rgb[] }
  | { kind: 'radial'; cx: number; cy: number; r: number; stops: readonly Rgb[] };
export type Paint = Rgb | Gradient;
export interface Point { x: number; y: number }
/** Closed outlines, filled by the nonzero winding rule. */
export type Shape = Point[][];

export function hex(color: string): Rgb {
  const n = Number.parseInt(color.replace('#', ''), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

export const mix = (a: Rgb, b: Rgb, t: number): Rgb => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];

/** A linear gradient from (x0, y0) to (x1, y1). */
export function linear(x0: number, y0: number, x1: number, y1: number, stops: readonly Rgb[]): Gradient {
  const dx = x1 - x0;
  const dy = y1 - y0;
  const length2 = dx * dx + dy * dy || 1;
  return { kind: 'linear', ax: dx / length2, ay: dy / length2, c: -(x0 * dx + y0 * dy) / length2, stops };
}

/** A radial gradient around (cx, cy) reaching its last stop at radius r. */
export function radial(cx: number, cy: number, r: number, stops: readonly Rgb[]): Gradient {
  return { kind: 'radial', cx, cy, r, stops };
}

const LUT_STEPS = 512;
const luts = new WeakMap<Gradient, Float32Array>();

/** The gradient's colours at LUT_STEPS + 1 points along its stops (made once per gradient). */
function lutOf(gradient: Gradient): Float32Array {
  let lut = luts.get(gradient);
  if (!lut) {
    const stops = gradient.stops;
    lut = new Float32Array((LUT_STEPS + 1) * 3);
    for (let k = 0; k <= LUT_STEPS; k++) {
      const u = (k / LUT_STEPS) * (stops.length - 1);
      const i = Math.min(stops.length - 2, Math.floor(u));
      const c = mix(stops[i]!, stops[i + 1]!, u - i);
      lut.set(c, k * 3);
    }
    luts.set(gradient, lut);
  }
  return lut;
}

// ---------- outlines ----------

export function ellipse(cx: number, cy: number, rx: number, ry: number, rotation = 0): Shape {
  const steps = Math.min(160, Math.max(20, Math.ceil(Math.max(rx, ry) * 0.9)));
  const cos = Math.cos(rotation);
  const sin = Math.sin(rotation);
  const points: Point[] = [];
  for (let i = 0; i < steps; i++) {
    const a = (i / steps) * Math.PI * 2;
    const x = Math.cos(a) * rx;
    const y = Math.sin(a) * ry;
    points.push({ x: cx + x * cos - y * sin, y: cy + x * sin + y * cos });
  }
  return [points];
}

export const circle = (cx: number, cy: number, r: number): Shape => ellipse(cx, cy, r, r);

/** A rectangle with rounded corners, optionally rotated about its centre. */
export function roundRect(x: number, y: number, w: number, h: number, r: number, rotation = 0): Shape {
  const radius = Math.min(r, w / 2, h / 2);
  const corners: Array<[number, number, number]> = [
    [x + w - radius, y + radius, -Math.PI / 2], [x + w - radius, y + h - radius, 0],
    [x + radius, y + h - radius, Math.PI / 2], [x + radius, y + radius, Math.PI],
  ];
  const points: Point[] = [];
  for (const [cx, cy, start] of corners) {
    for (let i = 0; i <= 8; i++) {
      const a = start + (i / 8) * (Math.PI / 2);
      points.push({ x: cx + Math.cos(a) * radius, y: cy + Math.sin(a) * radius });
    }
  }
  return rotation ? rotate([points], x + w / 2, y + h / 2, rotation) : [points];
}

export const polygon = (points: ReadonlyArray<readonly [number, number]>): Shape => [points.map(([x, y]) => ({ x, y }))];

/** A soft irregular round shape (a heap of food): radius r varied by a few random waves. */
export function blob(cx: number, cy: number, r: number, wobble: number, random: () => number): Shape {
  const waves = [2, 3, 5].map((k) => ({ k, amp: (random() * 0.6 + 0.4) * wobble / k, phase: random() * Math.PI * 2 }));
  const points: Point[] = [];
  const steps = Math.max(36, Math.ceil(r));
  for (let i = 0; i < steps; i++) {
    const a = (i / steps) * Math.PI * 2;
    const rr = r * (1 + waves.reduce((sum, w) => sum + w.amp * Math.sin(w.k * a + w.phase), 0));
    points.push({ x: cx + Math.cos(a) * rr, y: cy + Math.sin(a) * rr });
  }
  return [points];
}

export function rotate(shape: Shape, cx: number, cy: number, angle: number): Shape {
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  return shape.map((contour) => contour.map(({ x, y }) => ({ x: cx + (x - cx) * cos - (y - cy) * sin, y: cy + (x - cx) * sin + (y - cy) * cos })));
}

/** A deterministic random source (the same name draws the same picture). */
export function randomOf(seed: string): () => number {
  let h = 2166136261;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 16777619);
  let state = h >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// ---------- the canvas ----------

const SUBSAMPLES = 4;

interface Edge { top: number; bottom: number; x: number; slope: number; dir: number }

export class Picture {
  /** RGB bytes (clamped and rounded as they are written). */
  private readonly pixels: Uint8ClampedArray;
  /** The current row's coverage: partial pixels directly, runs of whole pixels as differences. */
  private readonly cover: Float32Array;
  private readonly runs: Float32Array;
  /** The pixel range the current row's spans touched. */
  private left = 0;
  private right = -1;

  constructor(readonly width: number, readonly height: number, background: Paint) {
    this.pixels = new Uint8ClampedArray(width * height * 3);
    this.cover = new Float32Array(width + 2);
    this.runs = new Float32Array(width + 2);
    for (let y = 0; y < height; y++) {
      this.runs[0] = 1;
      this.runs[width] = -1;
      this.composite(y, 0, width - 1, background, 1);
    }
  }

  /** Paints the shape's inside over what is there, with the given opacity. */
  fill(shape: Shape, paint: Paint, opacity = 1): void {
    const edges: Edge[] = [];
    let minY = Infinity;
    let maxY = -Infinity;
    for (const contour of shape) {
      for (let i = 0; i < contour.length; i++) {
        const a = contour[i]!;
        const b = contour[(i + 1) % contour.length]!;
        if (a.y === b.y) continue;
        const down = a.y < b.y;
        const p = down ? a : b;
        const q = down ? b : a;
        edges.push({ top: p.y, bottom: q.y, x: p.x, slope: (q.x - p.x) / (q.y - p.y), dir: down ? 1 : -1 });
        minY = Math.min(minY, p.y);
        maxY = Math.max(maxY, q.y);
      }
    }
    if (!edges.length) return;
    edges.sort((e, f) => e.top - f.top);
    const firstRow = Math.max(0, Math.floor(minY));
    const lastRow = Math.min(this.height - 1, Math.ceil(maxY));
    const active: Edge[] = [];
    const xs: number[] = [];
    const dirs: number[] = [];
    const weight = 1 / SUBSAMPLES;
    let next = 0;
    for (let row = firstRow; row <= lastRow; row++) {
      while (next < edges.length && edges[next]!.top < row + 1) active.push(edges[next++]!);
      this.left = this.width;
      this.right = -1;
      for (let s = 0; s < SUBSAMPLES; s++) {
        const sy = row + (s + 0.5) / SUBSAMPLES;
        xs.length = 0;
        dirs.length = 0;
        for (const e of active) {
          if (e.top > sy || e.bottom <= sy) continue;
          const x = e.x + (sy - e.top) * e.slope;
          // insertion keeps the crossings sorted (there are few)
          let i = xs.length;
          xs.push(x);
          dirs.push(e.dir);
          while (i > 0 && xs[i - 1]! > x) {
            xs[i] = xs[i - 1]!;
            dirs[i] = dirs[i - 1]!;
            i--;
          }
          xs[i] = x;
          dirs[i] = e.dir;
        }
        let winding = 0;
        let start = 0;
        for (let i = 0; i < xs.length; i++) {
          const before = winding;
          winding += dirs[i]!;
          if (before === 0 && winding !== 0) start = xs[i]!;
          else if (before !== 0 && winding === 0) this.span(start, xs[i]!, weight);
        }
      }
      for (let i = active.length - 1; i >= 0; i--) if (active[i]!.bottom <= row + 1) active.splice(i, 1);
      this.composite(row, this.left, this.right, paint, opacity);
    }
  }

  /** Adds a covered span of one sub-scanline, widening the row's touched range (left..right). */
  private span(x0: number, x1: number, weight: number): void {
    const a = Math.max(0, x0);
    const b = Math.min(this.width, x1);
    if (b <= a) return;
    const ia = Math.floor(a);
    const ib = Math.floor(b);
    const cover = this.cover;
    if (ia === ib) cover[ia]! += (b - a) * weight;
    else {
      cover[ia]! += (ia + 1 - a) * weight;
      if (ib > ia + 1) {
        this.runs[ia + 1]! += weight;
        this.runs[ib]! -= weight;
      }
      if (ib < this.width) cover[ib]! += (b - ib) * weight;
    }
    if (ia < this.left) this.left = ia;
    if (Math.min(ib, this.width - 1) > this.right) this.right = Math.min(ib, this.width - 1);
  }

  /** Paints the row's covered pixels (left..right) and clears the coverage for the next row. */
  private composite(row: number, left: number, right: number, paint: Paint, opacity: number): void {
    if (right < left) return;
    const px = this.pixels;
    const cover = this.cover;
    const runs = this.runs;
    const base = row * this.width * 3;
    const y = row + 0.5;
    // One loop per kind of paint, with everything it needs in locals: this is the hot path.
    if (!('kind' in paint)) {
      const [r, g, b] = paint;
      let run = 0;
      for (let x = left; x <= right; x++) {
        run += runs[x]!;
        const alpha = Math.min(1, cover[x]! + run) * opacity;
        cover[x] = 0;
        runs[x] = 0;
        if (alpha <= 0) continue;
        const at = base + x * 3;
        px[at] = px[at]! + (r - px[at]!) * alpha;
        px[at + 1] = px[at + 1]! + (g - px[at + 1]!) * alpha;
        px[at + 2] = px[at + 2]! + (b - px[at + 2]!) * alpha;
      }
    } else {
      const lut = lutOf(paint);
      const isLinear = paint.kind === 'linear';
      const ax = isLinear ? paint.ax : 0;
      const t0 = isLinear ? paint.ay * y + paint.c : 0;
      const cx = isLinear ? 0 : paint.cx;
      const dy2 = isLinear ? 0 : (y - paint.cy) * (y - paint.cy);
      const scale = isLinear ? LUT_STEPS : LUT_STEPS / paint.r;
      let run = 0;
      for (let x = left; x <= right; x++) {
        run += runs[x]!;
        const alpha = Math.min(1, cover[x]! + run) * opacity;
        cover[x] = 0;
        runs[x] = 0;
        if (alpha <= 0) continue;
        const dx = x + 0.5 - cx;
        const u = (isLinear ? t0 + ax * (x + 0.5) : Math.sqrt(dx * dx + dy2)) * scale;
        const k = (u <= 0 ? 0 : u >= LUT_STEPS ? LUT_STEPS : Math.round(u)) * 3;
        const at = base + x * 3;
        px[at] = px[at]! + (lut[k]! - px[at]!) * alpha;
        px[at + 1] = px[at + 1]! + (lut[k + 1]! - px[at + 1]!) * alpha;
        px[at + 2] = px[at + 2]! + (lut[k + 2]! - px[at + 2]!) * alpha;
      }
    }
    if (right + 1 < runs.length) runs[right + 1] = 0;
  }

  /**
   * The picture as a PNG file: 8-bit RGB, every row filtered by "up" (the difference from the
   * row above), which suits smooth gradients and flat shapes and costs one subtraction a byte.
   */
  png(): Buffer {
    const stride = this.width * 3;
    const px = this.pixels;
    const raw = Buffer.alloc((stride + 1) * this.height);
    for (let y = 0; y < this.height; y++) {
      const at = y * (stride + 1) + 1;
      const row = y * stride;
      raw[at - 1] = 2;
      if (y === 0) raw.set(px.subarray(0, stride), at);
      else for (let i = 0; i < stride; i++) raw[at + i] = (px[row + i]! - px[row - stride + i]!) & 255;
    }
    const header = Buffer.alloc(13);
    header.writeUInt32BE(this.width, 0);
    header.writeUInt32BE(this.height, 4);
    header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, per-row filters, no interlace
    return Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(raw, { level: 3 })), // twice as fast as the default for a fifth more bytes
      chunk('IEND', Buffer.alloc(0)),
    ]);
  }
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) c = CRC_TABLE[(c ^ bytes[i]!) & 255]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

// ---------- text ----------

/**
 * The bold Noto Sans SC of @fontsource (a dependency already, for the printable QR sheet),
 * unpacked from WOFF into a plain font file first: fontkit reads a WOFF table again on every
 * glyph, which is far too slow for a font of this size.
 */
let boldFont: Font | undefined;
export async function demoFont(): Promise<Font> {
  if (!boldFont) {
    // Loaded only when pictures are drawn (a first boot), not at every boot.
    const { create } = await import('fontkit');
    const file = createRequire(import.meta.url).resolve('@fontsource/noto-sans-sc/files/noto-sans-sc-chinese-simplified-700-normal.woff');
    const font = create(woffToSfnt(readFileSync(file)));
    if (!('glyphForCodePoint' in font)) throw new Error('the demo font is a collection, not one font');
    boldFont = font;
  }
  return boldFont;
}

/** WOFF 1.0 to the font file it wraps: the same tables, inflated, behind an sfnt directory. */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') throw new Error('not a WOFF font');
  const count = woff.readUInt16BE(12);
  const tables = Array.from({ length: count }, (_, i) => {
    const at = 44 + i * 20;
    const offset = woff.readUInt32BE(at + 4);
    const packed = woff.readUInt32BE(at + 8);
    const size = woff.readUInt32BE(at + 12);
    const bytes = woff.subarray(offset, offset + packed);
    return { tag: woff.readUInt32BE(at), checksum: woff.readUInt32BE(at + 16), data: packed < size ? inflateSync(bytes) : bytes };
  });
  let size = 12 + 16 * count;
  const offsets = tables.map((t) => {
    const at = size;
    size += (t.data.length + 3) & ~3;
    return at;
  });
  const out = Buffer.alloc(size);
  out.writeUInt32BE(woff.readUInt32BE(4), 0);
  out.writeUInt16BE(count, 4);
  const power = 2 ** Math.floor(Math.log2(count));
  out.writeUInt16BE(power * 16, 6);
  out.writeUInt16BE(Math.log2(power), 8);
  out.writeUInt16BE(count * 16 - power * 16, 10);
  tables.forEach((t, i) => {
    const at = 12 + 16 * i;
    out.writeUInt32BE(t.tag, at);
    out.writeUInt32BE(t.checksum, at + 4);
    out.writeUInt32BE(offsets[i]!, at + 8);
    out.writeUInt32BE(t.data.length, at + 12);
    t.data.copy(out, offsets[i]);
  });
  return out;
}

/** How wide the text is at this size, in pixels. */
export function textWidth(font: Font, text: string, size: number): number {
  let units = 0;
  for (const ch of text) units += font.glyphForCodePoint(ch.codePointAt(0)!).advanceWidth;
  return (units * size) / font.unitsPerEm;
}

/**
 * The text's outlines, centred on (cx, cy): one line, the ideographs' box centred vertically
 * (Noto's ideographs sit from −0.12 to 0.88 em around the baseline).
 */
export function textShape(font: Font, text: string, size: number, cx: number, cy: number): Shape {
  const scale = size / font.unitsPerEm;
  let x = cx - textWidth(font, text, size) / 2;
  const baseline = cy + size * 0.38;
  const shape: Shape = [];
  for (const ch of text) {
    const glyph = font.glyphForCodePoint(ch.codePointAt(0)!);
    const ox = x;
    const at = (gx: number, gy: number): Point => ({ x: ox + gx * scale, y: baseline - gy * scale });
    let contour: Point[] = [];
    let pen: Point = { x: ox, y: baseline };
    const close = () => {
      if (contour.length > 2) shape.push(contour);
      contour = [];
    };
    for (const { command, args } of glyph.path.commands) {
      if (command === 'moveTo') {
        close();
        pen = at(args[0]!, args[1]!);
        contour.push(pen);
      } else if (command === 'lineTo') {
        pen = at(args[0]!, args[1]!);
        contour.push(pen);
      } else if (command === 'quadraticCurveTo') {
        const c = at(args[0]!, args[1]!);
        const end = at(args[2]!, args[3]!);
        curve(contour, pen, c, c, end, true);
        pen = end;
      } else if (command === 'bezierCurveTo') {
        const end = at(args[4]!, args[5]!);
        curve(contour, pen, at(args[0]!, args[1]!), at(args[2]!, args[3]!), end, false);
        pen = end;
      } else {
        close();
      }
    }
    close();
    x += glyph.advanceWidth * scale;
  }
  return shape;
}

/** Flattens a quadratic (c1 = c2 is its one control point) or cubic curve into the contour. */
function curve(contour: Point[], p0: Point, c1: Point, c2: Point, p3: Point, quadratic: boolean): void {
  const length = Math.hypot(c1.x - p0.x, c1.y - p0.y) + Math.hypot(c2.x - c1.x, c2.y - c1.y) + Math.hypot(p3.x - c2.x, p3.y - c2.y);
  const steps = Math.max(2, Math.min(16, Math.ceil(length / 3)));
  for (let i = 1; i <= steps; i++) {
    const t = i / steps;
    const u = 1 - t;
    if (quadratic) {
      contour.push({ x: u * u * p0.x + 2 * u * t * c1.x + t * t * p3.x, y: u * u * p0.y + 2 * u * t * c1.y + t * t * p3.y });
    } else {
      contour.push({
        x: u * u * u * p0.x + 3 * u * u * t * c1.x + 3 * u * t * t * c2.x + t * t * t * p3.x,
        y: u * u * u * p0.y + 3 * u * u * t * c1.y + 3 * u * t * t * c2.y + t * t * t * p3.y,
      });
    }
  }
}
