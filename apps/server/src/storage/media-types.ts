/**
 * The one sniffer and the one content-type map: what a file's first bytes say it is (magic
 * numbers, independent of its name), and the content type each kind is stored and served with.
 */
export const MEDIA_KINDS = ['png', 'jpg', 'gif', 'bmp', 'webp', 'mp3', 'wav', 'wma', 'amr', 'mp4'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

const starts = (b: Buffer, bytes: number[], at = 0) => b.length >= at + bytes.length && bytes.every((x, i) => b[at + i] === x);
const ascii = (b: Buffer, text: string, at = 0) => b.length >= at + text.length && b.toString('latin1', at, at + text.length) === text;

/** The kind the bytes are, or null when they are none of the kinds we accept. 16 bytes are enough. */
export function sniff(b: Buffer): MediaKind | null {
  if (starts(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (starts(b, [0xff, 0xd8, 0xff])) return 'jpg';
  if (ascii(b, 'GIF87a') || ascii(b, 'GIF89a')) return 'gif';
  if (ascii(b, 'BM') && b.length >= 26) return 'bmp';
  if (ascii(b, 'RIFF') && ascii(b, 'WEBP', 8)) return 'webp';
  if (ascii(b, '#!AMR')) return 'amr';
  if (ascii(b, 'RIFF') && ascii(b, 'WAVE', 8)) return 'wav';
  if (starts(b, [0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11])) return 'wma';
  if (ascii(b, 'ID3') || (b.length >= 2 && b[0] === 0xff && (b[1]! & 0xe0) === 0xe0 && (b[1]! & 0x06) !== 0)) return 'mp3';
  if (ascii(b, 'ftyp', 4)) return 'mp4';
  return null;
}

/** Each kind's content type. */
export const contentTypes: Record<MediaKind, string> = {
  png: 'image/png', jpg: 'image/jpeg', gif: 'image/gif', bmp: 'image/bmp', webp: 'image/webp',
  mp3: 'audio/mpeg', wav: 'audio/wav', wma: 'audio/x-ms-wma', amr: 'audio/amr', mp4: 'video/mp4',
};

/** A file name's extension, lower case, without the dot ('' when none). */
export const extensionOf = (name: string): string => {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
};

const byExtension: Record<string, string> = { ...contentTypes, jpeg: 'image/jpeg' };

/** The content type a stored name's extension stands for, or undefined when it is none of ours. */
export const contentTypeOfName = (name: string): string | undefined => byExtension[extensionOf(name)];

/**
 * The content type to serve a stored blob with: the map's for a known extension, else the stored
 * one when it is a picture, sound or video, else a download (never HTML or script on our origin).
 */
export const servedContentType = (key: string, stored: string): string =>
  contentTypeOfName(key) ?? (/^(image|audio|video)\/[\w.+-]+$/.test(stored) && stored !== 'image/svg+xml' ? stored : 'application/octet-stream');
