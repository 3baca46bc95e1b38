/**
 * Column widths on a receipt printer: a Chinese (or other wide, full-width) character takes two
 * columns, anything else one. The printers count bytes of GB18030 the same way.
 */
export function charWidth(char: string): number {
  const code = char.codePointAt(0) ?? 0;
  if (code < 0x1100) return 1;
  if (
    (code >= 0x1100 && code <= 0x115f) || (code >= 0x2e80 && code <= 0xa4cf) || (code >= 0xac00 && code <= 0xd7a3) ||
    (code >= 0xf900 && code <= 0xfaff) || (code >= 0xfe30 && code <= 0xfe4f) || (code >= 0xff00 && code <= 0xff60) ||
    (code >= 0xffe0 && code <= 0xffe6) || code >= 0x20000
  ) return 2;
  return 1;
}

export const textWidth = (text: string): number => [...text].reduce((sum, c) => sum + charWidth(c), 0);

/** Closing marks a line must not start with, and opening ones it must not end with (Chinese line-breaking rules). */
const NO_LINE_START = new Set([...'）)]}」』】〕〉》，,。.、；;：:！!？?’”…·%']);
const NO_LINE_END = new Set([...'（([{「『【〔〈《‘“']);

/**
 * Breaks text into pieces of at most `width` columns (a wide character is never split). A closing
 * mark never starts a line and an opening one never ends one: the character before it goes down
 * with it (a store name wrapped as "…（春熙路店" and a lone "）" read badly on a receipt).
 */
export function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  let used = 0;
  for (const c of text) {
    const w = charWidth(c);
    if (used + w > width && line) {
      const chars = [...line];
      let carried = '';
      while (chars.length > 1 && ((NO_LINE_START.has(c) && !carried) || NO_LINE_END.has(chars.at(-1)!))) carried = chars.pop()! + carried;
      // Carried down only while the rest still fits the next line with this character.
      if (textWidth(carried) + w > width) carried = '';
      lines.push(carried ? chars.join('') : line);
      line = carried;
      used = textWidth(carried);
    }
    line += c;
    used += w;
  }
  if (line || !lines.length) lines.push(line);
  return lines;
}

export const padEnd = (text: string, width: number): string => text + ' '.repeat(Math.max(0, width - textWidth(text)));
export const padStart = (text: string, width: number): string => ' '.repeat(Math.max(0, width - textWidth(text))) + text;
/** Centred in `width` columns (the extra space, if odd, on the right). */
export const center = (text: string, width: number): string => padEnd(' '.repeat(Math.max(0, Math.floor((width - textWidth(text)) / 2))) + text, width);
