import type { OrderLineRecord, OrderRecord, OrderRefundBody } from '@canteen/contract';

/** A line that can be refunded: a dish or a combo (its combo items go with it), with what is left of it. */
export interface RefundableLine {
  line: OrderLineRecord;
  left: number;
}

/** Rounds a quantity to the three decimals a weighed dish has. */
const qty = (n: number) => Math.round(n * 1000) / 1000;

/** The lines of an order that still have something to refund. */
export const refundableLines = (order: Pick<OrderRecord, 'lines'>): RefundableLine[] =>
  order.lines
    .filter((line) => line.kind !== 'combo_item')
    .map((line) => ({ line, left: qty(line.quantity - line.refundedQuantity) }))
    .filter((entry) => entry.left > 0);

export interface RefundFormValues {
  mode: 'whole' | 'lines';
  /** Chosen quantities by line id. */
  quantities: Record<string, number | null | undefined>;
  reason: string;
  restock: boolean;
}

/**
 * The refund's body: the whole order (no lines: what is left of it) or the chosen lines with a
 * quantity above 0, each at most what is left. Undefined when by line and nothing is chosen.
 */
export function refundBody(values: RefundFormValues, lines: RefundableLine[]): OrderRefundBody | undefined {
  const base = { reason: values.reason.trim(), restock: values.restock };
  if (values.mode === 'whole') return { ...base, lines: [] };
  const chosen = lines.flatMap(({ line, left }) => {
    const quantity = qty(Math.min(values.quantities[line.id] ?? 0, left));
    return quantity > 0 ? [{ lineId: line.id, quantity }] : [];
  });
  return chosen.length ? { ...base, lines: chosen } : undefined;
}
