import { PaperBuilder, type PaperTicket } from './paper.js';

/** Paired tags of the 飞鹅 markup and what they switch on. */
const PAIRED = ['CB', 'B', 'C', 'L', 'W', 'QR', 'BOLD', 'RIGHT'] as const;
type Paired = (typeof PAIRED)[number];
const SINGLE = ['BR', 'CUT', 'LOGO', 'PLUGIN'] as const;

const TAG = /<(\/?)([A-Z][A-Z0-9_-]*)>/g;

/**
 * Lays a 飞鹅 print content out on paper as the cloud printer does: <BR> line break, <CUT> cut,
 * <C> centre, <RIGHT> right, <B> double size, <CB> centred double size, <L> double height,
 * <W> double width, <BOLD>, <QR>…</QR> a QR code, <LOGO>, <PLUGIN> (drawer). Unknown tags print as
 * text. Every non-ASCII character takes two columns. The printer cuts after the content itself.
 * A bare newline prints nothing (the platform wants <BR>) and is reported as a warning.
 */
export function renderFeieMarkup(content: string, columns: number): PaperTicket[] {
  const tickets: PaperTicket[] = [];
  const paper = new PaperBuilder(columns);
  const open: Record<Paired, number> = { CB: 0, B: 0, C: 0, L: 0, W: 0, QR: 0, BOLD: 0, RIGHT: 0 };
  let qr = '';
  let warnedNewline = false;
  let warnedNesting = false;

  const restyle = () => {
    const double = open.B > 0 || open.CB > 0;
    const width = double || open.W > 0 ? 2 : 1;
    const height = double || open.L > 0 ? 2 : 1;
    Object.assign(paper.style, {
      bold: open.BOLD > 0,
      align: open.RIGHT > 0 ? 'right' : open.C > 0 || open.CB > 0 ? 'center' : 'left',
      ankWidth: width,
      ankHeight: height,
      wideWidth: width,
      wideHeight: height,
    });
  };
  const print = (text: string) => {
    if (!text) return;
    if (open.QR > 0) {
      qr += text;
      return;
    }
    if (/[\r\n]/.test(text) && !warnedNewline) {
      paper.warn('内容里有换行符：飞鹅打印机不换行，换行请用 <BR>');
      warnedNewline = true;
    }
    paper.text(text.replace(/[\r\n]/g, ''), (ch) => ch.codePointAt(0)! > 0x7f);
  };

  let last = 0;
  for (const match of content.matchAll(TAG)) {
    print(content.slice(last, match.index));
    last = match.index + match[0].length;
    const closing = match[1] === '/';
    const name = match[2]!;
    if ((PAIRED as readonly string[]).includes(name)) {
      const tag = name as Paired;
      if (tag === 'QR' && closing && open.QR > 0) {
        const align = paper.style.align;
        paper.style.align = 'center';
        paper.qr(qr, 6);
        paper.style.align = align;
        qr = '';
      }
      if (!closing && !warnedNesting && PAIRED.some((other) => open[other] > 0)) {
        // The documentation shows each paired tag alone around its text, never one inside another.
        paper.warn(`标签嵌套：<${tag}> 写在其他标签里面，飞鹅文档未说明这种写法`);
        warnedNesting = true;
      }
      open[tag] = Math.max(0, open[tag] + (closing ? -1 : 1));
      restyle();
    } else if (!closing && (SINGLE as readonly string[]).includes(name)) {
      if (name === 'BR') paper.newline();
      else if (name === 'CUT') {
        const ticket = paper.take('full');
        if (ticket) tickets.push(ticket);
      } else if (name === 'LOGO') paper.mark('logo', '[LOGO]');
      else paper.kickDrawer();
    } else {
      print(match[0]);
    }
  }
  print(content.slice(last));
  const rest = paper.take('full');
  if (rest) tickets.push(rest);
  return tickets;
}
