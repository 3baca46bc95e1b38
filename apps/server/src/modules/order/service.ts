/**
 * What the orders module offers other modules besides `app.order` and its hooks: its tables as
 * read-only sources, for what is read in the transaction of an order's event (printing's
 * tickets read the order, its lines, payments and refunds as they are being written). Only the
 * orders module writes them.
 */
export {
  order as orderForReads, orderLine as orderLineForReads, orderLog as orderLogForReads, orderPayment as orderPaymentForReads,
  orderRefund as orderRefundForReads, PAY_METHOD_BITS, type RefundLine,
} from './tables.js';
/** Reads of the seatings (table_session) for other modules' figures. */
export { seatingFigures, type SeatingFigures } from './seating-figures.js';
