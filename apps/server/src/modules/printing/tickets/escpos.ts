import iconv from 'iconv-lite';
import { stripPrintControlChars, type TicketLine } from '@canteen/contract';

/**
 * Tickets as ESC/POS bytes for a network printer: text in GB18030 (Chinese mode on), bold
 * (ESC E), double width and height (GS !), centring (ESC a), a QR code (GS ( k, model 2), and
 * a feed-and-cut (GS V 66) after each ticket, each copy in full.
 */
export const ESC = 0x1b;
export const GS = 0x1d;
export const FS = 0x1c;

const INIT = [ESC, 0x40, FS, 0x26]; // ESC @ reset, FS & Chinese (double-byte) mode
const align = (center: boolean) => [ESC, 0x61, center ? 1 : 0];
const bold = (on: boolean) => [ESC, 0x45, on ? 1 : 0];
const size = (double: boolean) => [GS, 0x21, double ? 0x11 : 0x00];
const CUT = [ESC, 0x64, 3, GS, 0x56, 66, 0]; // feed 3 lines, then feed to the cutter and cut

function qr(text: string): number[] {
  const data = [...iconv.encode(text, 'gb18030')];
  const length = data.length + 3;
  return [
    GS, 0x28, 0x6b, 4, 0, 0x31, 0x41, 0x32, 0, // model 2
    GS, 0x28, 0x6b, 3, 0, 0x31, 0x43, 6, // module size 6
    GS, 0x28, 0x6b, 3, 0, 0x31, 0x45, 0x31, // error correction M
    GS, 0x28, 0x6b, length & 0xff, length >> 8, 0x31, 0x50, 0x30, ...data, // store
    GS, 0x28, 0x6b, 3, 0, 0x31, 0x51, 0x30, // print
  ];
}

/**
 * Ticket text never carries a command: every control character is dropped before it is encoded
 * (the contract refuses them in what people type; this is the second fence, issue 22 #3).
 */
function ticketBytes(lines: TicketLine[]): number[] {
  const out: number[] = [...INIT];
  for (const l of lines) {
    const text = stripPrintControlChars(l.text);
    out.push(...align(l.center || l.qr));
    if (l.qr) {
      out.push(...qr(text.trim()), 0x0a);
      continue;
    }
    out.push(...bold(l.bold), ...size(l.double), ...iconv.encode(l.center ? text.trim() : text.trimEnd(), 'gb18030'), 0x0a);
  }
  out.push(...bold(false), ...size(false), ...align(false), ...CUT);
  return out;
}

export function escposBytes(tickets: TicketLine[][], copies = 1): Buffer {
  const one = tickets.flatMap(ticketBytes);
  const all: number[] = [];
  for (let i = 0; i < copies; i++) all.push(...one);
  return Buffer.from(all);
}
