/**
 * The payment reference of a counter recharge (the server credits one recharge per reference).
 * Cash: a fresh random id per attempt, kept while the same attempt is sent again (a double click,
 * a retry after a lost answer), so the money is credited once. A changed amount, plan, method,
 * member or store is another attempt and gets another id. External payments: the transaction
 * number itself is the reference.
 */
import { randomId } from '../../../shared/random/random-id';

export interface RechargeAttempt {
  memberId: string;
  storeId: string;
  planId?: string;
  /** Free amount in fen. */
  amount?: number;
  payMethod: 'cash' | 'external';
  /** External payments: the transaction number. */
  transactionNo?: string;
}

/** Hands out the reference of each attempt: the same one for the same attempt until `done()`. */
export class PaymentRefs {
  private key: string | undefined;
  private ref: string | undefined;

  constructor(private readonly makeId: () => string = randomId) {}

  refFor(attempt: RechargeAttempt): string {
    if (attempt.payMethod === 'external') return (attempt.transactionNo ?? '').trim();
    const key = JSON.stringify([attempt.memberId, attempt.storeId, attempt.planId ?? null, attempt.amount ?? null]);
    if (key !== this.key || !this.ref) {
      this.key = key;
      this.ref = this.makeId();
    }
    return this.ref;
  }

  /** The attempt went through: the next one is a new payment. */
  done(): void {
    this.key = undefined;
    this.ref = undefined;
  }
}
