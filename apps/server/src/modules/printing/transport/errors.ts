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
