/**
 * Sample media generated in code, so the simulator ships no binary files: PNG images, a
 * baseline JPEG thumbnail, an AMR-NB voice clip and a short H.264 MP4 video (each a few KB).
 */
import { deflateSync } from 'node:zlib';

// ---------------------------------------------------------------------------------------------
// PNG
// ---------------------------------------------------------------------------------------------

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

export function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

export type Rgb = readonly [number, number, number];

/** An RGB PNG whose pixel colours come from `pixel(x, y)`. */
export function makePng(width: number, height: number, pixel: (x: number, y: number) => Rgb): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  let offset = 0;
  for (let y = 0; y < height; y++) {
    raw[offset++] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const [r, g, b] = pixel(x, y);
      raw[offset++] = r;
      raw[offset++] = g;
      raw[offset++] = b;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A round avatar-like picture: a coloured disc with a lighter ring on white. */
export function makeAvatarPng(color: Rgb, size = 64): Buffer {
  const c = (size - 1) / 2;
  return makePng(size, size, (x, y) => {
    const d = Math.hypot(x - c, y - c) / c;
    if (d > 1) return [255, 255, 255];
    if (d > 0.8) return [Math.min(255, color[0] + 60), Math.min(255, color[1] + 60), Math.min(255, color[2] + 60)];
    const eye = (Math.abs(x - c * 0.65) < size / 16 || Math.abs(x - c * 1.35) < size / 16) && Math.abs(y - c * 0.75) < size / 14;
    const mouth = Math.abs(Math.hypot(x - c, y - c * 1.05) - c * 0.45) < size / 40 && y > c * 1.15;
    return eye || mouth ? [40, 40, 40] : color;
  });
}

/** A small picture of a dish: a plate with stripes of colour. */
export function makeDishPng(colors: readonly Rgb[], width = 120, height = 80): Buffer {
  return makePng(width, height, (x, y) => {
    const dx = (x - width / 2) / (width * 0.42);
    const dy = (y - height / 2) / (height * 0.42);
    const d = Math.hypot(dx, dy);
    if (d > 1) return [245, 240, 230];
    if (d > 0.85) return [255, 255, 255];
    return colors[Math.floor((x + y) / 12) % colors.length]!;
  });
}

// ---------------------------------------------------------------------------------------------
// JPEG (baseline, greyscale, flat): enough for a valid thumbnail
// ---------------------------------------------------------------------------------------------

class BitWriter {
  private readonly bytes: number[] = [];
  private current = 0;
  private count = 0;
  constructor(private readonly stuffFF = false) {}
  bits(value: number, length: number): void {
    for (let i = length - 1; i >= 0; i--) this.bit((value >>> i) & 1);
  }
  bit(bit: number): void {
    this.current = (this.current << 1) | bit;
    if (++this.count === 8) this.flush();
  }
  ue(value: number): void {
    const code = value + 1;
    const length = Math.floor(Math.log2(code));
    this.bits(0, length);
    this.bits(code, length + 1);
  }
  se(value: number): void {
    this.ue(value <= 0 ? -2 * value : 2 * value - 1);
  }
  get aligned(): boolean {
    return this.count === 0;
  }
  alignWith(bit: number): void {
    while (this.count !== 0) this.bit(bit);
  }
  byte(value: number): void {
    this.bits(value, 8);
  }
  private flush(): void {
    this.bytes.push(this.current);
    if (this.stuffFF && this.current === 0xff) this.bytes.push(0);
    this.current = 0;
    this.count = 0;
  }
  toBuffer(): Buffer {
    return Buffer.from(this.bytes);
  }
}

function segment(marker: number, payload: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head[0] = 0xff;
  head[1] = marker;
  head.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([head, payload]);
}

/** A flat greyscale baseline JPEG (width and height multiples of 8) of the given grey level. */
export function makeJpeg(width: number, height: number, level = 200): Buffer {
  const dc = 8 * (level - 128); // DC of a flat 8×8 block with a quantiser of 1
  const magnitude = Math.abs(dc);
  const category = magnitude === 0 ? 0 : Math.floor(Math.log2(magnitude)) + 1;
  const u16 = (n: number) => [n >> 8, n & 0xff];
  const jfif = Buffer.from([0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]);
  const dqt = Buffer.from([0x00, ...new Array<number>(64).fill(1)]);
  const sof = Buffer.from([8, ...u16(height), ...u16(width), 1, 1, 0x11, 0]);
  // DC table: category 0 → '00', the first block's category → '01'. AC table: EOB → '0'.
  const dcBits = new Array<number>(16).fill(0);
  dcBits[1] = 2;
  const dht = Buffer.from([0x00, ...dcBits, 0, category === 0 ? 1 : category, 0x10, 1, ...new Array<number>(15).fill(0), 0x00]);
  const sos = Buffer.from([1, 1, 0x00, 0, 63, 0]);
  const data = new BitWriter(true);
  const blocks = (width / 8) * (height / 8);
  for (let i = 0; i < blocks; i++) {
    if (i === 0 && category > 0) {
      data.bits(0b01, 2);
      data.bits(dc > 0 ? magnitude : magnitude ^ ((1 << category) - 1), category);
    } else {
      data.bits(0b00, 2);
    }
    data.bit(0); // EOB
  }
  data.alignWith(1);
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    segment(0xe0, jfif),
    segment(0xdb, dqt),
    segment(0xc0, sof),
    segment(0xc4, dht),
    segment(0xda, sos),
    data.toBuffer(),
    Buffer.from([0xff, 0xd9]),
  ]);
}

// ---------------------------------------------------------------------------------------------
// AMR-NB
// ---------------------------------------------------------------------------------------------

/** AMR-NB storage file: `#!AMR\n` then 20 ms frames of mode 12.2 kbps with zero parameters (silence). */
export function makeAmr(seconds = 1): Buffer {
  const frames = Math.round(seconds * 50);
  const frame = Buffer.alloc(32);
  frame[0] = 0x3c; // F=0, FT=7 (12.2 kbps), Q=1
  return Buffer.concat([Buffer.from('#!AMR\n', 'ascii'), ...new Array<Buffer>(frames).fill(frame)]);
}

/** Seconds of audio in an AMR-NB file (20 ms per frame), or undefined if it is not one. */
export function amrDurationSeconds(data: Buffer): number | undefined {
  const header = '#!AMR\n';
  if (data.subarray(0, header.length).toString('latin1') !== header) return undefined;
  const sizes = [12, 13, 15, 17, 19, 20, 26, 31, 5, 0, 0, 0, 0, 0, 0, 0];
  let offset = header.length;
  let frames = 0;
  while (offset < data.length) {
    offset += 1 + sizes[(data[offset]! >> 3) & 0x0f]!;
    frames++;
  }
  return frames / 50;
}

// ---------------------------------------------------------------------------------------------
// MP4 (H.264 baseline with I_PCM macroblocks: a real, playable picture without an encoder)
// ---------------------------------------------------------------------------------------------

function nal(header: number, rbsp: Buffer): Buffer {
  const out: number[] = [header];
  let zeros = 0;
  for (const byte of rbsp) {
    if (zeros >= 2 && byte <= 3) {
      out.push(3); // emulation prevention
      zeros = 0;
    }
    out.push(byte);
    zeros = byte === 0 ? zeros + 1 : 0;
  }
  return Buffer.from(out);
}

function trailing(writer: BitWriter): Buffer {
  writer.bit(1);
  writer.alignWith(0);
  return writer.toBuffer();
}

function h264Sps(widthMbs: number, heightMbs: number): Buffer {
  const w = new BitWriter();
  w.byte(66); // profile: baseline
  w.byte(0xc0); // constraint_set0 and constraint_set1
  w.byte(30); // level 3.0
  w.ue(0); // seq_parameter_set_id
  w.ue(4); // log2_max_frame_num_minus4 → 8 bits
  w.ue(2); // pic_order_cnt_type 2: output order = decoding order
  w.ue(1); // max_num_ref_frames
  w.bit(0); // gaps_in_frame_num_value_allowed_flag
  w.ue(widthMbs - 1);
  w.ue(heightMbs - 1);
  w.bit(1); // frame_mbs_only_flag
  w.bit(1); // direct_8x8_inference_flag
  w.bit(0); // frame_cropping_flag
  w.bit(0); // vui_parameters_present_flag
  return nal(0x67, trailing(w));
}

function h264Pps(): Buffer {
  const w = new BitWriter();
  w.ue(0); // pic_parameter_set_id
  w.ue(0); // seq_parameter_set_id
  w.bit(0); // entropy_coding_mode_flag: CAVLC
  w.bit(0); // bottom_field_pic_order_in_frame_present_flag
  w.ue(0); // num_slice_groups_minus1
  w.ue(0); // num_ref_idx_l0_default_active_minus1
  w.ue(0); // num_ref_idx_l1_default_active_minus1
  w.bit(0); // weighted_pred_flag
  w.bits(0, 2); // weighted_bipred_idc
  w.se(0); // pic_init_qp_minus26
  w.se(0); // pic_init_qs_minus26
  w.se(0); // chroma_qp_index_offset
  w.bit(1); // deblocking_filter_control_present_flag
  w.bit(0); // constrained_intra_pred_flag
  w.bit(0); // redundant_pic_cnt_present_flag
  return nal(0x68, trailing(w));
}

type Yuv = readonly [number, number, number];

function h264Idr(widthMbs: number, heightMbs: number, color: (x: number, y: number) => Yuv): Buffer {
  const w = new BitWriter();
  w.ue(0); // first_mb_in_slice
  w.ue(7); // slice_type: I (all slices)
  w.ue(0); // pic_parameter_set_id
  w.bits(0, 8); // frame_num
  w.ue(0); // idr_pic_id
  w.bit(0); // no_output_of_prior_pics_flag
  w.bit(0); // long_term_reference_flag
  w.se(0); // slice_qp_delta
  w.ue(1); // disable_deblocking_filter_idc
  const clamp = (v: number) => Math.max(1, Math.min(254, Math.round(v)));
  for (let my = 0; my < heightMbs; my++) {
    for (let mx = 0; mx < widthMbs; mx++) {
      w.ue(25); // mb_type I_PCM
      w.alignWith(0); // pcm_alignment_zero_bit
      for (let y = 0; y < 16; y++) for (let x = 0; x < 16; x++) w.byte(clamp(color(mx * 16 + x, my * 16 + y)[0]));
      for (const plane of [1, 2] as const) {
        for (let y = 0; y < 8; y++) for (let x = 0; x < 8; x++) w.byte(clamp(color(mx * 16 + x * 2, my * 16 + y * 2)[plane]));
      }
    }
  }
  return nal(0x65, trailing(w));
}

function h264SkipFrame(frameNum: number, mbs: number): Buffer {
  const w = new BitWriter();
  w.ue(0); // first_mb_in_slice
  w.ue(5); // slice_type: P (all slices)
  w.ue(0); // pic_parameter_set_id
  w.bits(frameNum & 0xff, 8); // frame_num
  w.bit(0); // num_ref_idx_active_override_flag
  w.bit(0); // ref_pic_list_modification_flag_l0
  w.bit(0); // adaptive_ref_pic_marking_mode_flag
  w.se(0); // slice_qp_delta
  w.ue(1); // disable_deblocking_filter_idc
  w.ue(mbs); // mb_skip_run: every macroblock copies the reference
  return nal(0x41, trailing(w));
}

function box(type: string, ...parts: Buffer[]): Buffer {
  const body = Buffer.concat(parts);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length + 8, 0);
  head.write(type, 4, 'ascii');
  return Buffer.concat([head, body]);
}

function fullBox(type: string, version: number, flags: number, ...parts: Buffer[]): Buffer {
  const vf = Buffer.alloc(4);
  vf.writeUInt32BE(((version & 0xff) << 24) | (flags & 0xffffff), 0);
  return box(type, vf, ...parts);
}

function u32(...values: number[]): Buffer {
  const out = Buffer.alloc(values.length * 4);
  values.forEach((v, i) => out.writeUInt32BE(v >>> 0, i * 4));
  return out;
}

function u16(...values: number[]): Buffer {
  const out = Buffer.alloc(values.length * 2);
  values.forEach((v, i) => out.writeUInt16BE(v & 0xffff, i * 2));
  return out;
}

const MATRIX = u32(0x00010000, 0, 0, 0, 0x00010000, 0, 0, 0, 0x40000000);

export interface Mp4Options {
  width?: number;
  height?: number;
  frames?: number;
  fps?: number;
}

/**
 * A short MP4 (ISO BMFF, `avc1`): one I_PCM key frame showing colour bars, then skipped P frames.
 * Defaults: 64×48, 12 frames at 6 fps (2 s), about 5 KB.
 */
export function makeMp4(options: Mp4Options = {}): Buffer {
  const width = options.width ?? 64;
  const height = options.height ?? 48;
  const frames = options.frames ?? 12;
  const fps = options.fps ?? 6;
  const widthMbs = Math.ceil(width / 16);
  const heightMbs = Math.ceil(height / 16);
  const bars: Yuv[] = [
    [180, 128, 128],
    [162, 44, 142],
    [131, 156, 44],
    [112, 72, 58],
    [84, 184, 198],
    [65, 100, 212],
    [35, 212, 114],
  ];
  const sps = h264Sps(widthMbs, heightMbs);
  const pps = h264Pps();
  const samples: Buffer[] = [];
  const lengthPrefixed = (unit: Buffer) => Buffer.concat([u32(unit.length), unit]);
  samples.push(lengthPrefixed(h264Idr(widthMbs, heightMbs, (x) => bars[Math.floor((x / width) * bars.length)] ?? bars[0]!)));
  for (let i = 1; i < frames; i++) samples.push(lengthPrefixed(h264SkipFrame(i, widthMbs * heightMbs)));

  const timescale = fps * 100;
  const duration = frames * 100;
  const movieDuration = Math.round((frames / fps) * 1000);
  const ftyp = box('ftyp', Buffer.from('isom', 'ascii'), u32(512), Buffer.from('isomiso2avc1mp41', 'ascii'));
  const avcC = box('avcC', Buffer.from([1, sps[1]!, sps[2]!, sps[3]!, 0xff, 0xe1]), u16(sps.length), sps, Buffer.from([1]), u16(pps.length), pps);
  const compressor = Buffer.alloc(32);
  const avc1 = box(
    'avc1',
    Buffer.alloc(6),
    u16(1, 0, 0),
    u32(0, 0, 0),
    u16(width, height),
    u32(0x00480000, 0x00480000, 0),
    u16(1),
    compressor,
    u16(0x0018, 0xffff),
    avcC,
  );
  const moov = (chunkOffset: number) =>
    box(
      'moov',
      fullBox('mvhd', 0, 0, u32(0, 0, 1000, movieDuration, 0x00010000), u16(0x0100, 0), u32(0, 0), MATRIX, u32(0, 0, 0, 0, 0, 0, 2)),
      box(
        'trak',
        fullBox('tkhd', 0, 3, u32(0, 0, 1, 0, movieDuration, 0, 0), u16(0, 0, 0, 0), MATRIX, u32(width << 16, height << 16)),
        box(
          'mdia',
          fullBox('mdhd', 0, 0, u32(0, 0, timescale, duration), u16(0x55c4, 0)),
          fullBox('hdlr', 0, 0, u32(0), Buffer.from('vide', 'ascii'), u32(0, 0, 0), Buffer.from('VideoHandler\0', 'ascii')),
          box(
            'minf',
            fullBox('vmhd', 0, 1, u16(0, 0, 0, 0)),
            box('dinf', fullBox('dref', 0, 0, u32(1), fullBox('url ', 0, 1))),
            box(
              'stbl',
              fullBox('stsd', 0, 0, u32(1), avc1),
              fullBox('stts', 0, 0, u32(1, frames, 100)),
              fullBox('stss', 0, 0, u32(1, 1)),
              fullBox('stsc', 0, 0, u32(1, 1, frames, 1)),
              fullBox('stsz', 0, 0, u32(0, frames, ...samples.map((s) => s.length))),
              fullBox('stco', 0, 0, u32(1, chunkOffset)),
            ),
          ),
        ),
      ),
    );
  const moovLength = moov(0).length;
  return Buffer.concat([ftyp, moov(ftyp.length + moovLength + 8), box('mdat', ...samples)]);
}

// ---------------------------------------------------------------------------------------------
// Recognising uploads by their bytes
// ---------------------------------------------------------------------------------------------

export type SniffedType = 'png' | 'jpg' | 'gif' | 'bmp' | 'amr' | 'mp3' | 'wav' | 'wma' | 'mp4';

/** The file type from its first bytes (what the platform checks, not the name). */
export function sniff(data: Buffer): SniffedType | undefined {
  const starts = (...bytes: number[]) => bytes.every((b, i) => data[i] === b);
  if (starts(0x89, 0x50, 0x4e, 0x47)) return 'png';
  if (starts(0xff, 0xd8, 0xff)) return 'jpg';
  if (data.subarray(0, 4).toString('latin1') === 'GIF8') return 'gif';
  if (starts(0x42, 0x4d)) return 'bmp';
  if (data.subarray(0, 5).toString('latin1') === '#!AMR') return 'amr';
  if (data.subarray(0, 3).toString('latin1') === 'ID3' || (data[0] === 0xff && ((data[1] ?? 0) & 0xe0) === 0xe0)) return 'mp3';
  if (data.subarray(0, 4).toString('latin1') === 'RIFF' && data.subarray(8, 12).toString('latin1') === 'WAVE') return 'wav';
  if (starts(0x30, 0x26, 0xb2, 0x75)) return 'wma';
  if (data.subarray(4, 8).toString('latin1') === 'ftyp') return 'mp4';
  return undefined;
}

export const CONTENT_TYPES: Record<SniffedType, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  bmp: 'image/bmp',
  amr: 'audio/amr',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  wma: 'audio/x-ms-wma',
  mp4: 'video/mp4',
};
