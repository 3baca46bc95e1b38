import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Font } from 'fontkit';
import type PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { demoFont as rasterFont, hex, Picture, polygon, textShape, textWidth, type Shape } from '../seed-raster.js';

/**
 * Table QR codes: a PNG per table (drawn with the demo pictures' rasterizer and its bold CJK
 * font, seed-raster.ts) and a printable A4 sheet (PDF) of many, each card with the
 * QR code, the table's code, its area and the store's name. The QR library encodes; the PDF
 * library lays out and embeds only the glyphs used of a CJK font (Noto Sans SC, from
 * @fontsource/noto-sans-sc, whose files are split by Unicode range: each character is set in
 * the file that has it, so every character the font covers renders). Its WOFF files, not the
 * WOFF2 ones: the PDF library's font engine embeds WOFF2 glyphs as blanks.
 */

/** The diners' ordering page of a table (served by the orders module: order/diner/page.ts). */
export const ORDER_PATH = '/order/t/';
export const orderPath = (token: string) => `${ORDER_PATH}${token}`;

/** A table's sticker text: its code, large, and a caption (its area and store). */
export interface QrLabel {
  code: string;
  caption: string;
}

/** The QR code's quiet zone, in modules. */
export const QR_QUIET_MODULES = 2;
const CARD_WIDTH = 512;
const LABEL_HEIGHT = 132;
const WHITE = hex('#ffffff');
const INK = hex('#000000');
const GREY = hex('#555555');

/** The largest size up to `size` at which `text` fits `width` pixels. */
const fitted = (font: Font, text: string, size: number, width: number) =>
  Math.max(10, Math.min(size, Math.floor((size * width) / Math.max(1, textWidth(font, text, size)))));

/**
 * A table's QR code as a PNG sticker (about 512 px wide): the code (error correction M, quiet zone
 * of 2 modules, whole pixels per module so it scans sharp), and under it the table's code and its
 * area and store, so a printed or forwarded image says which table it orders for.
 */
export async function qrPng(text: string, label: QrLabel): Promise<Buffer> {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const cell = Math.floor(CARD_WIDTH / (modules.size + QR_QUIET_MODULES * 2));
  const side = cell * (modules.size + QR_QUIET_MODULES * 2);
  const picture = new Picture(side, side + LABEL_HEIGHT, WHITE);
  const at = (module: number) => (module + QR_QUIET_MODULES) * cell;
  for (let row = 0; row < modules.size; row++) {
    // Each row's dark runs as rectangles, filled at once.
    const runs: Shape = [];
    for (let col = 0; col < modules.size; col++) {
      if (!modules.get(row, col)) continue;
      let end = col;
      while (end + 1 < modules.size && modules.get(row, end + 1)) end++;
      runs.push(...polygon([[at(col), at(row)], [at(end + 1), at(row)], [at(end + 1), at(row + 1)], [at(col), at(row + 1)]]));
      col = end;
    }
    if (runs.length) picture.fill(runs, INK);
  }
  const font = await rasterFont();
  const room = side - 32;
  picture.fill(textShape(font, label.code, fitted(font, label.code, 56, room), side / 2, side + 34), INK);
  picture.fill(textShape(font, label.caption, fitted(font, label.caption, 24, room), side / 2, side + 96), GREY);
  return picture.png();
}

// ---------- the CJK font, by Unicode range ----------

const FONT_PACKAGE = '@fontsource/noto-sans-sc';
type Range = [start: number, end: number, subset: string];
type Weight = 400 | 700;
let ranges: Range[] | undefined;

const fontFile = (subset: string, weight: Weight) => fileURLToPath(import.meta.resolve(`${FONT_PACKAGE}/files/noto-sans-sc-${subset}-${weight}-normal.woff`));

/** The package's subsets (`"[4]": "U+1f1e9-1f1f5,U+1f21a,…"`, `"latin": …`) as sorted code point ranges. */
function fontRanges(): Range[] {
  if (ranges) return ranges;
  const unicode = JSON.parse(readFileSync(fileURLToPath(import.meta.resolve(`${FONT_PACKAGE}/unicode.json`)), 'utf8')) as Record<string, string>;
  const all: Range[] = [];
  for (const [key, list] of Object.entries(unicode)) {
    const subset = key.replace(/^\[(\d+)\]$/, '$1');
    for (const part of list.split(',')) {
      const [from, to] = part.trim().replace(/^U\+/i, '').split('-');
      const start = parseInt(from!, 16);
      if (Number.isFinite(start)) all.push([start, to ? parseInt(to, 16) : start, subset]);
    }
  }
  ranges = all.sort((a, b) => a[0] - b[0]);
  return ranges;
}

/** The font file that has `codePoint` (the Latin one for anything the font lacks: it shows a blank box). */
function fileFor(codePoint: number, weight: Weight): string {
  const list = fontRanges();
  let lo = 0;
  let hi = list.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const [start, end, subset] = list[mid]!;
    if (codePoint < start) hi = mid - 1;
    else if (codePoint > end) lo = mid + 1;
    else return fontFile(subset, weight);
  }
  return fontFile('latin', weight);
}

/** `text` as runs of characters set in one font file each. */
function runsOf(text: string, weight: Weight): Array<{ file: string; text: string }> {
  const runs: Array<{ file: string; text: string }> = [];
  for (const ch of text) {
    const file = fileFor(ch.codePointAt(0)!, weight);
    const last = runs.at(-1);
    if (last && last.file === file) last.text += ch;
    else runs.push({ file, text: ch });
  }
  return runs;
}

type Doc = InstanceType<typeof PDFDocument>;

const widthOf = (doc: Doc, runs: Array<{ file: string; text: string }>, size: number) =>
  runs.reduce((sum, r) => sum + doc.font(r.file).fontSize(size).widthOfString(r.text), 0);

/**
 * One line of text centred in [x, x + width]: shrunk down to `minSize` to fit, then cut with
 * an ellipsis.
 */
function centredLine(doc: Doc, text: string, box: { x: number; y: number; width: number }, size: number, { minSize = 7, weight = 400 }: { minSize?: number; weight?: Weight } = {}): void {
  const { x, y, width } = box;
  let runs = runsOf(text, weight);
  let fontSize = size;
  while (fontSize > minSize && widthOf(doc, runs, fontSize) > width) fontSize -= 0.5;
  let chars = [...text];
  while (chars.length > 1 && widthOf(doc, runs, fontSize) > width) {
    chars = chars.slice(0, -1);
    runs = runsOf(`${chars.join('').trimEnd()}…`, weight);
  }
  let cx = x + (width - widthOf(doc, runs, fontSize)) / 2;
  for (const run of runs) {
    doc.font(run.file).fontSize(fontSize).text(run.text, cx, y, { lineBreak: false });
    cx += doc.widthOfString(run.text);
  }
}

/** The QR code of `text` drawn as vector squares (sharp at any print size), `size` points wide. */
function drawQr(doc: Doc, text: string, x: number, y: number, size: number): void {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const cell = size / modules.size;
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (modules.get(row, col)) doc.rect(x + col * cell, y + row * cell, cell + 0.05, cell + 0.05);
    }
  }
  doc.fill('#000000');
}

export interface SheetCard {
  code: string;
  areaName: string;
  storeName: string;
  /** The absolute address the QR code opens. */
  url: string;
}

const PAGE = { width: 595.28, height: 841.89, margin: 28 };
const COLUMNS = 2;
const ROWS = 3;

/**
 * An A4 sheet of QR cards, six to a page (two columns, three rows), each framed by a dashed
 * cutting line: the store's name, the QR code, the table's code large, its area, and 扫码点餐.
 */
export async function qrSheet(title: string, cards: readonly SheetCard[]): Promise<Buffer> {
  // Loaded on the first sheet, not at boot: the PDF library and its font engine are megabytes of code.
  const { default: PDFKit } = await import('pdfkit');
  const doc = new PDFKit({ size: 'A4', margin: 0, autoFirstPage: false, info: { Title: title, Creator: 'Canteen' } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const cardWidth = (PAGE.width - PAGE.margin * 2) / COLUMNS;
  const cardHeight = (PAGE.height - PAGE.margin * 2) / ROWS;
  const qrSize = Math.min(cardWidth, cardHeight) - 110;
  cards.forEach((card, i) => {
    const slot = i % (COLUMNS * ROWS);
    if (slot === 0) doc.addPage();
    const x = PAGE.margin + (slot % COLUMNS) * cardWidth;
    const y = PAGE.margin + Math.floor(slot / COLUMNS) * cardHeight;
    doc.save().lineWidth(0.5).dash(4, { space: 3 }).strokeColor('#999999').rect(x + 4, y + 4, cardWidth - 8, cardHeight - 8).stroke().restore();
    doc.fillColor('#333333');
    const line = (top: number) => ({ x: x + 16, y: y + top, width: cardWidth - 32 });
    centredLine(doc, card.storeName, line(16), 13);
    drawQr(doc, card.url, x + (cardWidth - qrSize) / 2, y + 38, qrSize);
    doc.fillColor('#000000');
    centredLine(doc, card.code, line(42 + qrSize), 28, { minSize: 12, weight: 700 });
    doc.fillColor('#555555');
    centredLine(doc, `${card.areaName} · 扫码点餐`, line(80 + qrSize), 11);
  });
  doc.end();
  return done;
}
