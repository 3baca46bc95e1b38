/**
 * What came out of a simulated printer: rows of text (with the print styles that were on), QR
 * codes and marks for what the preview does not draw (bar codes, pictures). Both the ESC/POS
 * decoder and the 飞鹅 markup reader lay their input out here, so one page shows both.
 */

export type Align = 'left' | 'center' | 'right';

/** Characters printed with the same style. `wide` characters take two columns (a printer prints every multi-byte GB18030 character double-width). */
export interface PaperRun {
  text: string;
  wide: boolean;
  bold: boolean;
  underline: boolean;
  reverse: boolean;
  /** Width and height multipliers (1 normal, 2 double …). */
  width: number;
  height: number;
  /** Columns taken on the paper. */
  cols: number;
}

export interface TextRow {
  kind: 'text';
  align: Align;
  runs: PaperRun[];
}

export interface QrRow {
  kind: 'qr';
  align: Align;
  data: string;
  /** Module size (ESC/POS GS ( k function 167). */
  size: number;
}

/** Something printed that the preview names rather than draws. */
export interface MarkRow {
  kind: 'barcode' | 'image' | 'logo';
  align: Align;
  label: string;
}

export type PaperRow = TextRow | QrRow | MarkRow;

export interface PaperTicket {
  /** Columns of the paper: 32 on 58 mm, 48 on 80 mm. */
  columns: number;
  rows: PaperRow[];
  /** The ticket as plain text, one line per row (QR as `[QR:data]`), for tests and search. */
  text: string;
  /** How it was cut; null: the data ended (connection closed) without a cut. */
  cut: 'full' | 'partial' | null;
  /** A cash-drawer pulse (ESC p / 飞鹅 <PLUGIN>) was sent. */
  drawerKick: boolean;
  /** The buzzer (ESC B) was sent. */
  beep: boolean;
  /** Commands the simulator did not understand, and other oddities (should be empty). */
  warnings: string[];
}

export const COLUMNS_BY_PAPER = { 58: 32, 80: 48 } as const;
export type PaperWidth = keyof typeof COLUMNS_BY_PAPER;

export interface PrintStyle {
  bold: boolean;
  underline: boolean;
  reverse: boolean;
  align: Align;
  /** Size of one-byte (ANK) characters. */
  ankWidth: number;
  ankHeight: number;
  /** Size of two-byte (Chinese) characters. */
  wideWidth: number;
  wideHeight: number;
}

export const defaultStyle = (): PrintStyle => ({ bold: false, underline: false, reverse: false, align: 'left', ankWidth: 1, ankHeight: 1, wideWidth: 1, wideHeight: 1 });

/** A ticket's plain text: rows joined by newlines, trailing spaces and blank rows at the end dropped. */
export function rowsToText(rows: PaperRow[]): string {
  const lines = rows.map((row) => {
    if (row.kind === 'text') return row.runs.map((run) => run.text).join('').replace(/\s+$/, '');
    if (row.kind === 'qr') return `[QR:${row.data}]`;
    return row.label;
  });
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines.join('\n');
}

/**
 * Lays characters out on paper as a printer does: a row wraps when the next character does not
 * fit in what is left of the columns; a wide character never splits across rows.
 */
export class PaperBuilder {
  style: PrintStyle = defaultStyle();
  private rows: PaperRow[] = [];
  private row: TextRow | null = null;
  private rowCols = 0;
  private drawerKick = false;
  private beep = false;
  readonly warnings: string[] = [];

  constructor(readonly columns: number) {}

  /** Prints characters; `wide(ch)` says whether a character takes two columns. */
  text(text: string, wide: (ch: string) => boolean): void {
    for (const ch of text) {
      const isWide = wide(ch);
      const width = isWide ? this.style.wideWidth : this.style.ankWidth;
      const height = isWide ? this.style.wideHeight : this.style.ankHeight;
      const cols = (isWide ? 2 : 1) * width;
      if (this.row && this.rowCols + cols > this.columns && this.rowCols > 0) this.endRow();
      const row = this.currentRow();
      const last = row.runs[row.runs.length - 1];
      const s = this.style;
      if (last && last.wide === isWide && last.bold === s.bold && last.underline === s.underline && last.reverse === s.reverse && last.width === width && last.height === height) {
        last.text += ch;
        last.cols += cols;
      } else {
        row.runs.push({ text: ch, wide: isWide, bold: s.bold, underline: s.underline, reverse: s.reverse, width, height, cols });
      }
      this.rowCols += cols;
    }
  }

  /** HT: to the next tab stop (every 8 columns). */
  tab(): void {
    const next = Math.min(this.columns, (Math.floor(this.rowCols / 8) + 1) * 8);
    this.text(' '.repeat(Math.max(0, next - this.rowCols)), () => false);
  }

  /** LF: ends the row (an empty row when nothing was printed on it). */
  newline(): void {
    this.currentRow();
    this.endRow();
  }

  /** Ends the row only when something is on it (ESC J, ESC d 0, before a QR code). */
  endRowIfAny(): void {
    if (this.row && this.row.runs.length > 0) this.endRow();
  }

  blankRows(count: number): void {
    for (let i = 0; i < count; i += 1) this.newline();
  }

  qr(data: string, size: number): void {
    this.endRowIfAny();
    this.rows.push({ kind: 'qr', align: this.style.align, data, size });
  }

  mark(kind: MarkRow['kind'], label: string): void {
    this.endRowIfAny();
    this.rows.push({ kind, align: this.style.align, label });
  }

  kickDrawer(): void {
    this.drawerKick = true;
  }

  ring(): void {
    this.beep = true;
  }

  warn(message: string): void {
    if (this.warnings.length < 50) this.warnings.push(message);
  }

  /** Whether anything that leaves ink is on the paper since the last ticket. */
  hasContent(): boolean {
    const printed = (row: PaperRow) => row.kind !== 'text' || row.runs.some((run) => run.text.trim() !== '');
    return this.rows.some(printed) || (this.row !== null && printed(this.row));
  }

  /** Takes the paper printed so far as a ticket (null when nothing was printed). */
  take(cut: PaperTicket['cut']): PaperTicket | null {
    this.endRowIfAny();
    const content = this.rows.some((row) => row.kind !== 'text' || row.runs.some((run) => run.text.trim() !== ''));
    const ticket: PaperTicket | null = content
      ? { columns: this.columns, rows: this.rows, text: rowsToText(this.rows), cut, drawerKick: this.drawerKick, beep: this.beep, warnings: [...this.warnings] }
      : null;
    this.rows = [];
    this.row = null;
    this.rowCols = 0;
    this.drawerKick = false;
    this.beep = false;
    this.warnings.length = 0;
    return ticket;
  }

  private currentRow(): TextRow {
    if (!this.row) {
      // A row takes the alignment that is on when its first character prints (as ESC a works).
      this.row = { kind: 'text', align: this.style.align, runs: [] };
      this.rowCols = 0;
    }
    return this.row;
  }

  private endRow(): void {
    if (!this.row) return;
    this.rows.push(this.row);
    this.row = null;
    this.rowCols = 0;
  }
}
