import { PAPER_COLUMNS, type PaperWidth, type TicketLine } from '@canteen/contract';
import type { TicketModel } from './model.js';
import { center, padEnd, padStart, textWidth, wrap } from './width.js';

const line = (text: string, style: Partial<Omit<TicketLine, 'text'>> = {}): TicketLine => ({ text, bold: false, double: false, center: false, qr: false, ...style });

/**
 * Lays a ticket out for a paper width: 32 columns on 58 mm, 48 on 80 mm (a Chinese character two
 * columns; double-size lines hold half). Every line is padded to its full width, so what the
 * preview shows is what the printer prints. Long names wrap under themselves, the quantity and
 * amount staying on the first line.
 */
export function layoutTicket(model: TicketModel, paper: PaperWidth): TicketLine[] {
  const columns = PAPER_COLUMNS[paper];
  const half = Math.floor(columns / 2);
  const out: TicketLine[] = [];
  const rule = (char = '-') => out.push(line(char.repeat(columns)));

  for (const piece of wrap(model.title, half)) out.push(line(center(piece, half), { double: true, center: true, bold: true }));
  out.push(line(center(model.subtitle, columns), { center: true, bold: true }));
  if (model.headline) for (const piece of wrap(model.headline, half)) out.push(line(padEnd(piece, half), { double: true, bold: true }));
  rule();
  for (const [label, value] of model.meta) {
    const head = `${label}：`;
    wrap(value, columns - textWidth(head)).forEach((piece, i) => out.push(line(padEnd(`${i ? ' '.repeat(textWidth(head)) : head}${piece}`, columns))));
  }
  rule();

  // Item rows: name | quantity | amount. On large (double-size) rows everything is halved.
  const width = model.largeItems ? half : columns;
  const withAmount = model.items.some((i) => i.amount !== undefined);
  const qtyWidth = Math.max(4, ...model.items.map((i) => textWidth(i.quantity) + 1));
  const amountWidth = withAmount ? Math.max(8, ...model.items.map((i) => textWidth(i.amount ?? '') + 1)) : 0;
  const nameWidth = width - qtyWidth - amountWidth;
  if (withAmount) out.push(line(padEnd('品名', nameWidth) + padStart('数量', qtyWidth) + padStart('金额', amountWidth)));
  for (const item of model.items) {
    const indent = item.child ? '  ' : '';
    const names = wrap(item.name, nameWidth - indent.length);
    names.forEach((piece, i) => {
      const name = padEnd(indent + piece, nameWidth);
      const text = i === 0 ? name + padStart(item.quantity, qtyWidth) + (withAmount ? padStart(item.amount ?? '', amountWidth) : '') : padEnd(name, width);
      out.push(line(text, { double: model.largeItems, bold: model.largeItems }));
    });
    for (const note of item.notes) {
      for (const piece of wrap(note, width - indent.length - 2)) out.push(line(padEnd(`${indent}  ${piece}`, width), { double: model.largeItems }));
    }
  }
  if (model.totals.length) {
    rule();
    for (const [label, value] of model.totals) out.push(line(padStart(`${label} ${value}`, columns)));
  }
  if (model.remark) {
    rule();
    for (const piece of wrap(`备注：${model.remark}`, half)) out.push(line(padEnd(piece, half), { double: true, bold: true }));
  }
  if (model.qr) out.push(line(model.qr, { qr: true, center: true }));
  if (model.footer) out.push(line(center(model.footer, columns), { center: true }));
  return out;
}
