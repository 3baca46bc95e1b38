import { and, desc, eq, gt, gte, sql } from 'drizzle-orm';
import { formatFen, maskPhone, type MemberBalances } from '@canteen/contract';
import type { Db } from '../../../db/client.js';
import { badRequest, notFound } from '../../../http/errors.js';
import { member, memberBalanceLedger, memberLevel, memberPointsLedger, type BalanceLedgerKind, type PointsLedgerKind } from '../tables.js';

/**
 * The stored-value wallet (STORE.md §5): every change of a member's balance or points is one
 * guarded change of the member row plus an appended ledger row carrying the balance after it,
 * inside the caller's transaction. The member row is locked (SELECT … FOR UPDATE) before any
 * change is computed, so two counters charging the same member at the same moment queue on
 * the row: neither overdraws, neither loses the other's change. The UPDATEs are guarded as
 * well (balance ≥ what is taken), and the columns' checks refuse a negative balance as the last
 * line.
 *
 * A balance has two parts: principal (paid money, refundable) and bonus (given by a recharge
 * plan). A charge takes both in proportion to the parts (bonus rounded half-up, the rest from
 * principal), so a refund of a recharge later stays fair.
 */

/** Who made a change: the signed-in user, or nobody (a job, the diners' page). */
export interface Operator {
  id: string | null;
  name: string;
}

export const SYSTEM: Operator = { id: null, name: '' };

export interface ChargeInput {
  memberId: string;
  /** Fen, > 0. */
  amount: number;
  storeId: string;
  orderId?: string | null;
  operator?: Operator;
  reason?: string;
}

export interface ChargeResult {
  /** The ledger row written. */
  ledgerId: string;
  /** What was taken from each part (positive). */
  principal: number;
  bonus: number;
  balances: MemberBalances;
}

export interface RefundInput {
  memberId: string;
  /** The order whose balance payments are given back. */
  orderId: string;
  /** Fen to give back; left out: everything the order took and has not had back. */
  amount?: number;
  storeId?: string | null;
  operator?: Operator;
  reason?: string;
}

export interface AdjustInput {
  principal: number;
  bonus: number;
  points: number;
  reason: string;
}

export interface PointsInput {
  memberId: string;
  /** The spend (fen) points are earned on, at the member's level's rate; or `points` exactly. */
  amount?: number;
  points?: number;
  kind?: PointsLedgerKind;
  storeId?: string | null;
  orderId?: string | null;
  rechargeId?: string | null;
  operator?: Operator;
  reason?: string;
}

type MemberRow = typeof member.$inferSelect;

const balancesOf = (m: Pick<MemberRow, 'id' | 'balancePrincipal' | 'balanceBonus' | 'points'>): MemberBalances => ({
  memberId: m.id,
  balancePrincipal: m.balancePrincipal,
  balanceBonus: m.balanceBonus,
  balance: m.balancePrincipal + m.balanceBonus,
  points: m.points,
});

/**
 * How a charge of `amount` splits over a balance of `principal` + `bonus`: the bonus part in
 * proportion, rounded half-up; the rest from principal. Neither part exceeds what it has when
 * amount ≤ principal + bonus.
 */
export function splitCharge(amount: number, principal: number, bonus: number): { principal: number; bonus: number } {
  const total = principal + bonus;
  if (total <= 0) return { principal: amount, bonus: 0 };
  // Integer arithmetic: floor((amount·bonus·2 + total) / (2·total)) = round-half-up(amount·bonus/total).
  const b = Number((BigInt(amount) * BigInt(bonus) * 2n + BigInt(total)) / (2n * BigInt(total)));
  return { principal: amount - b, bonus: b };
}

/** Points earned on a spend: 1 point per yuan at rate 100 (hundredths), rounded down. */
export const pointsFor = (amountFen: number, pointsRate: number): number => Math.floor((amountFen * pointsRate) / 10_000);

export class Wallet {
  /** The member row, locked until the transaction ends; 404 when there is none. */
  async lock(tx: Db, memberId: string): Promise<MemberRow> {
    const [row] = await tx.select().from(member).where(eq(member.id, memberId)).for('update');
    if (!row) throw notFound(`会员 ${memberId} 不存在`);
    return row;
  }

  /** The member's balances and points as they are now (no lock). */
  async balances(db: Db, memberId: string): Promise<MemberBalances> {
    const [row] = await db.select({ id: member.id, balancePrincipal: member.balancePrincipal, balanceBonus: member.balanceBonus, points: member.points })
      .from(member).where(eq(member.id, memberId));
    if (!row) throw notFound(`会员 ${memberId} 不存在`);
    return balancesOf(row);
  }

  /**
   * Pays `amount` from the member's balance (an order paid by stored value). Refused with a 400
   * for a frozen member or a balance that does not cover it; the parts are taken in proportion.
   */
  async charge(tx: Db, input: ChargeInput): Promise<ChargeResult> {
    const { memberId, amount } = input;
    if (!Number.isSafeInteger(amount) || amount <= 0) throw badRequest('amount: 扣款金额必须是大于0的整数分');
    const m = await this.lock(tx, memberId);
    if (m.status === 'frozen') throw badRequest(`会员 ${maskPhone(m.phone)} 已冻结，不能使用余额支付`);
    const total = m.balancePrincipal + m.balanceBonus;
    if (total < amount) throw badRequest(`会员余额不足：余额 ${formatFen(total)}，需支付 ${formatFen(amount)}`);
    const part = splitCharge(amount, m.balancePrincipal, m.balanceBonus);
    const [after] = await tx.update(member)
      .set({
        balancePrincipal: sql`${member.balancePrincipal} - ${part.principal}`,
        balanceBonus: sql`${member.balanceBonus} - ${part.bonus}`,
        lastVisitAt: new Date(),
        updatedAt: new Date(),
      })
      .where(and(eq(member.id, memberId), eq(member.status, 'active'), gte(member.balancePrincipal, part.principal), gte(member.balanceBonus, part.bonus)))
      .returning();
    // Unreachable while the row is locked; kept so that a change of the lock never overdraws.
    if (!after) throw badRequest('会员余额不足或已冻结，请重试');
    const ledgerId = await this.appendBalance(tx, after, 'consume', -part.principal, -part.bonus, {
      storeId: input.storeId, orderId: input.orderId ?? null, operator: input.operator, reason: input.reason ?? '',
    });
    return { ledgerId, principal: part.principal, bonus: part.bonus, balances: balancesOf(after) };
  }

  /**
   * Gives back an order's balance payment (a cancelled or refunded order): at most what the
   * order's charges took less what was given back already, split over the parts as the
   * charges took them (bonus rounded half-up). A frozen member still gets the money back.
   */
  async refund(tx: Db, input: RefundInput): Promise<ChargeResult> {
    const m = await this.lock(tx, input.memberId);
    const [taken] = await tx.select({
      principal: sql<string>`coalesce(-sum(${memberBalanceLedger.principalChange}), 0)`,
      bonus: sql<string>`coalesce(-sum(${memberBalanceLedger.bonusChange}), 0)`,
    }).from(memberBalanceLedger)
      .where(and(eq(memberBalanceLedger.memberId, m.id), eq(memberBalanceLedger.orderId, input.orderId), sql`${memberBalanceLedger.kind} in ('consume', 'refund')`));
    const open = { principal: Number(taken?.principal ?? 0), bonus: Number(taken?.bonus ?? 0) };
    const openTotal = open.principal + open.bonus;
    if (openTotal <= 0) throw badRequest(`订单 ${input.orderId} 没有可退回的余额支付`);
    const amount = input.amount ?? openTotal;
    if (!Number.isSafeInteger(amount) || amount <= 0) throw badRequest('amount: 退款金额必须是大于0的整数分');
    if (amount > openTotal) throw badRequest(`退款金额 ${formatFen(amount)} 超过该订单余额支付的可退金额 ${formatFen(openTotal)}`);
    const part = splitCharge(amount, open.principal, open.bonus);
    const [after] = await tx.update(member)
      .set({ balancePrincipal: sql`${member.balancePrincipal} + ${part.principal}`, balanceBonus: sql`${member.balanceBonus} + ${part.bonus}`, updatedAt: new Date() })
      .where(eq(member.id, m.id)).returning();
    const ledgerId = await this.appendBalance(tx, after!, 'refund', part.principal, part.bonus, {
      storeId: input.storeId ?? null, orderId: input.orderId, operator: input.operator, reason: input.reason ?? '',
    });
    return { ledgerId, principal: part.principal, bonus: part.bonus, balances: balancesOf(after!) };
  }

  /**
   * Adds points: `points` exactly, or what `amount` (fen spent) earns at the member's level's
   * rate. Nothing is written for zero points. Answers the points added.
   */
  async earnPoints(tx: Db, input: PointsInput): Promise<number> {
    const m = await this.lock(tx, input.memberId);
    let points = input.points;
    if (points === undefined) {
      const [level] = await tx.select({ rate: memberLevel.pointsRate }).from(memberLevel).where(eq(memberLevel.id, m.levelId));
      points = pointsFor(input.amount ?? 0, level?.rate ?? 100);
    }
    if (!Number.isSafeInteger(points) || points < 0) throw badRequest('points: 积分必须是非负整数');
    if (points === 0) return 0;
    const [after] = await tx.update(member).set({ points: sql`${member.points} + ${points}`, updatedAt: new Date() }).where(eq(member.id, m.id)).returning();
    await this.appendPoints(tx, after!, input.kind ?? 'order', points, input);
    return points;
  }

  /**
   * Takes back the points an order earned when it is refunded: the refund's share of them
   * (`amount` of `paid`, rounded down), or all that is left of them when `whole`; never more than
   * the member has (points spent meanwhile stay spent). One `refund` row naming the order.
   * Answers the points taken.
   */
  async takeBackOrderPoints(
    tx: Db,
    input: { memberId: string; orderId: string; amount: number; paid: number; whole: boolean; storeId?: string | null; operator?: Operator; reason?: string },
  ): Promise<number> {
    const m = await this.lock(tx, input.memberId);
    const [row] = await tx.select({
      earned: sql<string>`coalesce(sum(${memberPointsLedger.change}) filter (where ${memberPointsLedger.kind} = 'order'), 0)`,
      returned: sql<string>`coalesce(-sum(${memberPointsLedger.change}) filter (where ${memberPointsLedger.kind} = 'refund'), 0)`,
    }).from(memberPointsLedger).where(and(eq(memberPointsLedger.memberId, m.id), eq(memberPointsLedger.orderId, input.orderId)));
    const earned = Number(row?.earned ?? 0);
    const open = earned - Number(row?.returned ?? 0);
    const share = input.whole || input.paid <= 0 ? open : Math.floor((earned * input.amount) / input.paid);
    const points = Math.min(open, share, m.points);
    if (points <= 0) return 0;
    const [after] = await tx.update(member).set({ points: sql`${member.points} - ${points}`, updatedAt: new Date() })
      .where(and(eq(member.id, m.id), gte(member.points, points))).returning();
    await this.appendPoints(tx, after!, 'refund', -points, { storeId: input.storeId ?? null, orderId: input.orderId, operator: input.operator, reason: input.reason ?? '' });
    return points;
  }

  /**
   * Records a spend (an order paid, by any method): total spent, order count, last visit, and
   * the level the new total reaches (members only move up automatically). Answers the level id.
   */
  async addSpend(tx: Db, memberId: string, amount: number): Promise<{ levelId: string; upgraded: boolean }> {
    if (!Number.isSafeInteger(amount) || amount < 0) throw badRequest('amount: 消费金额必须是非负整数分');
    const m = await this.lock(tx, memberId);
    const spent = m.totalSpent + amount;
    const [current] = await tx.select({ rank: memberLevel.rank }).from(memberLevel).where(eq(memberLevel.id, m.levelId));
    const [reached] = await tx.select({ id: memberLevel.id }).from(memberLevel)
      .where(and(sql`${memberLevel.threshold} <= ${spent}`, gt(memberLevel.rank, current?.rank ?? -1)))
      .orderBy(desc(memberLevel.rank)).limit(1);
    const levelId = reached?.id ?? m.levelId;
    await tx.update(member).set({
      totalSpent: spent, orderCount: sql`${member.orderCount} + 1`, lastVisitAt: new Date(), levelId, updatedAt: new Date(),
    }).where(eq(member.id, m.id));
    return { levelId, upgraded: levelId !== m.levelId };
  }

  /**
   * The opposite of addSpend when an order is refunded: the refunded amount leaves the total
   * spent (never below zero), and the order leaves the order count when `wholeOrder` (the refund
   * that gives back the rest of it). The level stays: members only move up automatically.
   */
  async takeBackSpend(tx: Db, memberId: string, amount: number, wholeOrder: boolean): Promise<void> {
    if (!Number.isSafeInteger(amount) || amount < 0) throw badRequest('amount: 退款金额必须是非负整数分');
    const m = await this.lock(tx, memberId);
    await tx.update(member).set({
      totalSpent: Math.max(0, m.totalSpent - amount),
      ...(wholeOrder ? { orderCount: sql`greatest(${member.orderCount} - 1, 0)` } : {}),
      updatedAt: new Date(),
    }).where(eq(member.id, m.id));
  }

  /**
   * A manual adjustment (signed changes with a reason): never below zero, a 400 naming the part
   * that would be. Balance and points each get their ledger row when they change.
   */
  async adjust(tx: Db, memberId: string, change: AdjustInput, operator: Operator): Promise<MemberBalances> {
    const m = await this.lock(tx, memberId);
    if (m.balancePrincipal + change.principal < 0) {
      throw badRequest(`本金余额不足：当前本金 ${formatFen(m.balancePrincipal)}，不能减少 ${formatFen(-change.principal)}`);
    }
    if (m.balanceBonus + change.bonus < 0) throw badRequest(`赠送金余额不足：当前赠送金 ${formatFen(m.balanceBonus)}，不能减少 ${formatFen(-change.bonus)}`);
    if (m.points + change.points < 0) throw badRequest(`积分不足：当前积分 ${m.points}，不能减少 ${-change.points}`);
    const [after] = await tx.update(member).set({
      balancePrincipal: sql`${member.balancePrincipal} + ${change.principal}`,
      balanceBonus: sql`${member.balanceBonus} + ${change.bonus}`,
      points: sql`${member.points} + ${change.points}`,
      updatedAt: new Date(),
    }).where(eq(member.id, m.id)).returning();
    if (change.principal !== 0 || change.bonus !== 0) {
      await this.appendBalance(tx, after!, 'adjust', change.principal, change.bonus, { operator, reason: change.reason });
    }
    if (change.points !== 0) await this.appendPoints(tx, after!, 'adjust', change.points, { operator, reason: change.reason });
    return balancesOf(after!);
  }

  /**
   * Credits a recharge (the recharge service calls it with the member locked): principal, bonus,
   * bonus points, total recharged, with their ledger rows.
   */
  async creditRecharge(
    tx: Db,
    input: { memberId: string; rechargeId: string; storeId: string; principal: number; bonus: number; points: number; operator: Operator },
  ): Promise<MemberBalances> {
    const [after] = await tx.update(member).set({
      balancePrincipal: sql`${member.balancePrincipal} + ${input.principal}`,
      balanceBonus: sql`${member.balanceBonus} + ${input.bonus}`,
      points: sql`${member.points} + ${input.points}`,
      totalRecharged: sql`${member.totalRecharged} + ${input.principal}`,
      lastVisitAt: new Date(),
      updatedAt: new Date(),
    }).where(eq(member.id, input.memberId)).returning();
    if (!after) throw notFound(`会员 ${input.memberId} 不存在`);
    const refs = { storeId: input.storeId, rechargeId: input.rechargeId, operator: input.operator };
    await this.appendBalance(tx, after, 'recharge', input.principal, input.bonus, refs);
    if (input.points > 0) await this.appendPoints(tx, after, 'recharge', input.points, refs);
    return balancesOf(after);
  }

  /**
   * Takes a refunded recharge back (the member locked by the caller): `principal` and `bonus`
   * (each at most what the member has), `points` likewise; one recharge_refund ledger row.
   */
  async takeBackRecharge(
    tx: Db,
    input: { memberId: string; rechargeId: string; storeId: string; principal: number; bonus: number; points: number; operator: Operator; reason: string },
  ): Promise<MemberBalances> {
    const [after] = await tx.update(member).set({
      balancePrincipal: sql`${member.balancePrincipal} - ${input.principal}`,
      balanceBonus: sql`${member.balanceBonus} - ${input.bonus}`,
      points: sql`${member.points} - ${input.points}`,
      totalRecharged: sql`greatest(${member.totalRecharged} - ${input.principal}, 0)`,
      updatedAt: new Date(),
    }).where(and(
      eq(member.id, input.memberId), gte(member.balancePrincipal, input.principal), gte(member.balanceBonus, input.bonus), gte(member.points, input.points),
    )).returning();
    if (!after) throw badRequest('会员余额已变化，请重试');
    const refs = { storeId: input.storeId, rechargeId: input.rechargeId, operator: input.operator, reason: input.reason };
    if (input.principal !== 0 || input.bonus !== 0) await this.appendBalance(tx, after, 'recharge_refund', -input.principal, -input.bonus, refs);
    if (input.points > 0) await this.appendPoints(tx, after, 'refund', -input.points, refs);
    return balancesOf(after);
  }

  private async appendBalance(
    tx: Db,
    after: MemberRow,
    kind: BalanceLedgerKind,
    principalChange: number,
    bonusChange: number,
    refs: { storeId?: string | null; rechargeId?: string | null; orderId?: string | null; operator?: Operator | undefined; reason?: string },
  ): Promise<string> {
    const operator = refs.operator ?? SYSTEM;
    const [row] = await tx.insert(memberBalanceLedger).values({
      memberId: after.id, kind, principalChange, bonusChange, principalAfter: after.balancePrincipal, bonusAfter: after.balanceBonus,
      storeId: refs.storeId ?? null, rechargeId: refs.rechargeId ?? null, orderId: refs.orderId ?? null,
      operatorId: operator.id, operatorName: operator.name, reason: refs.reason ?? '',
    }).returning({ id: memberBalanceLedger.id });
    return row!.id;
  }

  private async appendPoints(
    tx: Db,
    after: MemberRow,
    kind: PointsLedgerKind,
    change: number,
    refs: { storeId?: string | null | undefined; rechargeId?: string | null | undefined; orderId?: string | null | undefined; operator?: Operator | undefined; reason?: string | undefined },
  ): Promise<void> {
    const operator = refs.operator ?? SYSTEM;
    await tx.insert(memberPointsLedger).values({
      memberId: after.id, kind, change, pointsAfter: after.points, storeId: refs.storeId ?? null, rechargeId: refs.rechargeId ?? null,
      orderId: refs.orderId ?? null, operatorId: operator.id, operatorName: operator.name, reason: refs.reason ?? '',
    });
  }
}
