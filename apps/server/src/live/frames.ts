/**
 * STOMP frames (1.0, 1.1, 1.2): an incremental parser that accepts any split of the byte stream
 * across WebSocket messages, and a serializer. https://stomp.github.io/stomp-specification-1.2.html
 */

export type StompVersion = '1.0' | '1.1' | '1.2';

export interface Frame {
  command: string;
  /** Header entries in order, decoded; a repeated header keeps its first value (`header()`). */
  headers: Array<[string, string]>;
  body: Buffer;
}

/** A protocol violation: the broker answers ERROR with this message and closes. */
export class FrameError extends Error {}

export interface FrameLimits {
  /** Most bytes of a frame's command and header lines. */
  maxHeaderBytes: number;
  /** Most header entries of a frame. */
  maxHeaders: number;
  /** Most body bytes of a frame. */
  maxBodyBytes: number;
}

export const defaultFrameLimits: FrameLimits = { maxHeaderBytes: 8 * 1024, maxHeaders: 32, maxBodyBytes: 64 * 1024 };

const LF = 0x0a;
const CR = 0x0d;
const NUL = 0x00;

/** The first value of a header, as STOMP 1.2 says for repeated entries. */
export const header = (frame: Pick<Frame, 'headers'>, name: string): string | undefined => {
  for (const [key, value] of frame.headers) if (key === name) return value;
  return undefined;
};

/** Frames whose headers are never escaped (STOMP 1.2 §Value Encoding). */
const unescaped = (command: string) => command === 'CONNECT' || command === 'CONNECTED' || command === 'STOMP';

function unescapeValue(raw: string, version: StompVersion): string {
  if (version === '1.0' || !raw.includes('\\')) return raw;
  let out = '';
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i];
    if (c !== '\\') {
      out += c;
      continue;
    }
    const next = raw[++i];
    if (next === 'n') out += '\n';
    else if (next === 'c') out += ':';
    else if (next === '\\') out += '\\';
    else if (next === 'r' && version === '1.2') out += '\r';
    else throw new FrameError(`undefined escape sequence \\${next ?? ''} in a header`);
  }
  return out;
}

export function escapeValue(value: string, version: StompVersion): string {
  if (version === '1.0') return value.replace(/[\r\n]/g, ' ');
  let out = value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/:/g, '\\c');
  out = version === '1.2' ? out.replace(/\r/g, '\\r') : out.replace(/\r/g, '');
  return out;
}

/** Strips one trailing CR (EOL is LF or CR LF). */
const line = (buf: Buffer, start: number, end: number) => buf.toString('utf8', start, end > start && buf[end - 1] === CR ? end - 1 : end);

/**
 * Feed it the bytes as they arrive; it returns the complete frames and keeps the rest. Heart-beat
 * EOLs between frames are counted in `heartBeats`. Header values are decoded by `version`, which
 * the owner sets once the connection's version is known (CONNECT and CONNECTED are never escaped).
 */
export class FrameParser {
  version: StompVersion = '1.2';
  heartBeats = 0;
  private buffer: Buffer = Buffer.alloc(0);

  constructor(private readonly limits: FrameLimits = defaultFrameLimits) {}

  push(chunk: Buffer | string): Frame[] {
    const data = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, data]) : data;
    const frames: Frame[] = [];
    let pos = 0;
    for (;;) {
      pos = this.skipEols(pos);
      if (pos >= this.buffer.length) break;
      const parsed = this.frameAt(pos);
      if (!parsed) break;
      frames.push(parsed.frame);
      pos = parsed.end;
    }
    this.buffer = pos >= this.buffer.length ? Buffer.alloc(0) : this.buffer.subarray(pos);
    return frames;
  }

  /** Bytes waiting for the rest of a frame. */
  get pending(): number {
    return this.buffer.length;
  }

  private skipEols(pos: number): number {
    const buf = this.buffer;
    while (pos < buf.length) {
      if (buf[pos] === LF) pos += 1;
      else if (buf[pos] === CR && pos + 1 < buf.length && buf[pos + 1] === LF) pos += 2;
      else break;
      this.heartBeats += 1;
    }
    return pos;
  }

  /** The frame starting at `start`, or undefined when more bytes are needed. */
  private frameAt(start: number): { frame: Frame; end: number } | undefined {
    const buf = this.buffer;
    const { maxHeaderBytes, maxHeaders, maxBodyBytes } = this.limits;
    let pos = start;
    let command: string | undefined;
    const headers: Array<[string, string]> = [];
    for (;;) {
      const eol = buf.indexOf(LF, pos);
      const limit = start + maxHeaderBytes;
      if (eol < 0 || eol > limit) {
        if (eol > limit || buf.length - start > maxHeaderBytes) throw new FrameError(`frame headers larger than ${maxHeaderBytes} bytes`);
        return undefined;
      }
      const text = line(buf, pos, eol);
      pos = eol + 1;
      if (command === undefined) {
        if (!/^[A-Z]+$/.test(text)) throw new FrameError(`malformed frame: bad command ${JSON.stringify(text.slice(0, 32))}`);
        command = text;
        continue;
      }
      if (text === '') break;
      const colon = text.indexOf(':');
      if (colon <= 0) throw new FrameError(`malformed header line ${JSON.stringify(text.slice(0, 64))}`);
      if (headers.length >= maxHeaders) throw new FrameError(`more than ${maxHeaders} headers`);
      const version = unescaped(command) ? '1.0' : this.version;
      headers.push([unescapeValue(text.slice(0, colon), version), unescapeValue(text.slice(colon + 1), version)]);
    }
    const frame = { command, headers, body: Buffer.alloc(0) };
    const lengthHeader = header(frame, 'content-length');
    if (lengthHeader !== undefined) {
      if (!/^\d{1,10}$/.test(lengthHeader)) throw new FrameError(`bad content-length ${JSON.stringify(lengthHeader)}`);
      const length = Number(lengthHeader);
      if (length > maxBodyBytes) throw new FrameError(`frame body larger than ${maxBodyBytes} bytes`);
      if (buf.length < pos + length + 1) return undefined;
      if (buf[pos + length] !== NUL) throw new FrameError('frame body not terminated by NUL after content-length bytes');
      frame.body = Buffer.from(buf.subarray(pos, pos + length));
      return { frame, end: pos + length + 1 };
    }
    const nul = buf.indexOf(NUL, pos);
    if (nul < 0 || nul - pos > maxBodyBytes) {
      if (nul - pos > maxBodyBytes || buf.length - pos > maxBodyBytes) throw new FrameError(`frame body larger than ${maxBodyBytes} bytes`);
      return undefined;
    }
    frame.body = Buffer.from(buf.subarray(pos, nul));
    return { frame, end: nul + 1 };
  }
}

/**
 * One frame as bytes: headers escaped for `version` (never for CONNECTED), a content-length
 * for every body, and the NUL terminator.
 */
export function serializeFrame(command: string, headers: Record<string, string | undefined>, body: Buffer | string = '', version: StompVersion = '1.2'): Buffer {
  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  const encode = unescaped(command) ? (v: string) => escapeValue(v, '1.0') : (v: string) => escapeValue(v, version);
  let head = `${command}\n`;
  for (const [name, value] of Object.entries(headers)) if (value !== undefined) head += `${encode(name)}:${encode(value)}\n`;
  if (bytes.length > 0 || command === 'MESSAGE' || command === 'ERROR') head += `content-length:${bytes.length}\n`;
  head += '\n';
  return Buffer.concat([Buffer.from(head, 'utf8'), bytes, Buffer.from([NUL])]);
}
