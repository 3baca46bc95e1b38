import type { TicketLine } from '@canteen/contract';

/** `<` and `>` in text would read as 飞鹅 tags: the full-width forms print the same. */
const escape = (text: string) => text.replace(/</g, '＜').replace(/>/g, '＞');

/**
 * Tickets in the 飞鹅 cloud's markup: `<CB>` centred large, `<B>` double size, `<C>` centred,
 * `<BOLD>`, `<QR>`, `<BR>` a line break, `<CUT>` between tickets (the cloud cuts after the last).
 */
export function feieMarkup(tickets: TicketLine[][]): string {
  return tickets.map((lines) => lines.map((l) => {
    const text = escape(l.center || l.qr ? l.text.trim() : l.text.trimEnd());
    if (l.qr) return `<QR>${text}</QR>`;
    if (l.double && l.center) return `<CB>${text}</CB><BR>`;
    if (l.double) return `<B>${text}</B><BR>`;
    if (l.center) return l.bold ? `<C><BOLD>${text}</BOLD></C><BR>` : `<C>${text}</C><BR>`;
    if (l.bold) return `<BOLD>${text}</BOLD><BR>`;
    return `${text}<BR>`;
  }).join('')).join('<CUT>');
}
