import { stripPrintControlChars, type TicketLine } from '@canteen/contract';

/** `<` and `>` in text would read as 飞鹅 tags: the full-width forms print the same; control characters go (issue 22 #3). */
const escape = (text: string) => stripPrintControlChars(text).replace(/</g, '＜').replace(/>/g, '＞');

/** Open_printMsg's documented limit on `content`, in bytes (UTF-8, as the form carries it). */
export const FEIE_CONTENT_MAX_BYTES = 5000;

/** Printed at the top of a call that goes on with a ticket the previous call began. */
const CONTINUED = '<C>（续上张）</C><BR>';

const bytes = (text: string) => Buffer.byteLength(text, 'utf8');
const hasQr = (text: string) => text.includes('<QR>');

/**
 * One line in a tag form 飞鹅's documentation shows: each tag alone around its text, never one
 * inside another (`<CB>` centred large, `<B>` double size, `<C>` centred, `<BOLD>`, `<QR>`, `<BR>`).
 * A centred bold line keeps the layout's own centring spaces inside `<BOLD>`; a double-size line
 * is bold enough as it is.
 */
function lineMarkup(l: TicketLine): string {
  if (l.qr) return `<QR>${escape(l.text.trim())}</QR>`;
  if (l.double && l.center) return `<CB>${escape(l.text.trim())}</CB><BR>`;
  if (l.double) return `<B>${escape(l.text.trimEnd())}</B><BR>`;
  if (l.center && l.bold) return `<BOLD>${escape(l.text.trimEnd())}</BOLD><BR>`;
  if (l.center) return `<C>${escape(l.text.trim())}</C><BR>`;
  if (l.bold) return `<BOLD>${escape(l.text.trimEnd())}</BOLD><BR>`;
  return `${escape(l.text.trimEnd())}<BR>`;
}

/** Tickets in the 飞鹅 cloud's markup, `<CUT>` between tickets (the cloud cuts after the last): one content. */
export function feieMarkup(tickets: TicketLine[][]): string {
  return tickets.map((lines) => lines.map(lineMarkup).join('')).join('<CUT>');
}

/**
 * The contents of a job's Open_printMsg calls, in order: each at most FEIE_CONTENT_MAX_BYTES and
 * with at most one QR code (the documentation's limits). Whole tickets share a call while they fit;
 * a ticket that cannot go whole into a call of its own is cut between lines, the next call
 * beginning with （续上张）.
 */
export function feieContents(tickets: TicketLine[][], maxBytes = FEIE_CONTENT_MAX_BYTES): string[] {
  const parts: string[] = [];
  let current = '';
  const flush = () => {
    if (current) parts.push(current);
    current = '';
  };
  const fits = (text: string) => bytes(text) <= maxBytes;
  for (const ticket of tickets) {
    const whole = ticket.map(lineMarkup).join('');
    const joined = current ? `${current}<CUT>${whole}` : whole;
    if (fits(joined) && !(hasQr(current) && hasQr(whole))) {
      current = joined;
      continue;
    }
    flush();
    if (fits(whole)) {
      current = whole;
      continue;
    }
    for (const line of ticket.map(lineMarkup)) {
      const next = current + line;
      if (current && (!fits(next) || (hasQr(current) && hasQr(line)))) {
        flush();
        current = CONTINUED + line;
      } else current = next;
    }
  }
  flush();
  return parts;
}

/** A job's calls: one call of `copies` times when it fits, else every part of one copy, copy after copy, once each. */
export function feieCalls(tickets: TicketLine[][], copies: number, maxBytes = FEIE_CONTENT_MAX_BYTES): Array<{ content: string; times: number }> {
  const parts = feieContents(tickets, maxBytes);
  if (parts.length <= 1) return parts.map((content) => ({ content, times: copies }));
  return Array.from({ length: copies }, () => parts.map((content) => ({ content, times: 1 }))).flat();
}
