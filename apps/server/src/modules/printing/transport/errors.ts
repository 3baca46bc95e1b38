import type { PrinterStatus } from '@canteen/contract';

/**
 * A send that did not reach the printer, known before any byte of the ticket left (no connection,
 * the printer said it is offline or out of paper, the cloud refused): safe to send again later.
 * `status` is what it tells of the printer, when it tells anything.
 */
export class PrintUnreachable extends Error {
  constructor(message: string, readonly status?: PrinterStatus) {
    super(message);
  }
}

/** A send that will not work by trying again (printer deleted or disabled, no 飞鹅 account): the job fails at once. */
export class PrintRefused extends Error {}

/**
 * A send whose outcome is unknown: the request may have reached the printer or the cloud (no
 * answer within the timeout, the connection dropped after the request went out, an unreadable or
 * 5xx answer). Sending it again could print the ticket twice, so the job fails and waits for a
 * person's 重打, as one whose sender died mid-send does.
 */
export class PrintInDoubt extends Error {}
