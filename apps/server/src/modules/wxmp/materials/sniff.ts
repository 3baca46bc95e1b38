/** What a file's first bytes say it is (magic numbers), independent of its name. */
export type Sniffed = 'png' | 'jpg' | 'gif' | 'bmp' | 'mp3' | 'wav' | 'wma' | 'amr' | 'mp4' | null;

const starts = (b: Buffer, bytes: number[], at = 0) => b.length >= at + bytes.length && bytes.every((x, i) => b[at + i] === x);
const ascii = (b: Buffer, text: string, at = 0) => b.length >= at + text.length && b.toString('latin1', at, at + text.length) === text;

export function sniff(b: Buffer): Sniffed {
  if (starts(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (starts(b, [0xff, 0xd8, 0xff])) return 'jpg';
  if (ascii(b, 'GIF87a') || ascii(b, 'GIF89a')) return 'gif';
  if (ascii(b, 'BM') && b.length >= 26) return 'bmp';
  if (ascii(b, '#!AMR')) return 'amr';
  if (ascii(b, 'RIFF') && ascii(b, 'WAVE', 8)) return 'wav';
  if (starts(b, [0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11])) return 'wma';
  if (ascii(b, 'ID3') || (b.length >= 2 && b[0] === 0xff && (b[1]! & 0xe0) === 0xe0 && (b[1]! & 0x06) !== 0)) return 'mp3';
  if (ascii(b, 'ftyp', 4)) return 'mp4';
  return null;
}

export const contentTypes: Record<Exclude<Sniffed, null>, string> = {
  png: 'image/png', jpg: 'image/jpeg', gif: 'image/gif', bmp: 'image/bmp',
  mp3: 'audio/mpeg', wav: 'audio/wav', wma: 'audio/x-ms-wma', amr: 'audio/amr', mp4: 'video/mp4',
};

export const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
};
