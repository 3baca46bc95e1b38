import { and, asc, count, desc, eq, gt, gte, like, lte, or, sql, type SQL } from 'drizzle-orm';
import { maskPhone, type MemberRecord, type MemberRow, type Page, type memberBodySchema, type memberQuerySchema, type memberUpdateSchema } from '@canteen/contract';
import type { z } from 'zod';
import type { Db } from '../../../db/client.js';
import { declareConstraints, translating } from '../../../http/db-errors.js';
import { badRequest, conflict, notFound } from '../../../http/errors.js';
import { orderBy } from '../../../http/paging.js';
import { storeForReads as store } from '../../store/service.js';
import { followerExists } from '../../wxmp/service.js';
import { coupon, member, memberBalanceLedger, memberLevel, memberPointsLedger, recharge } from '../tables.js';
import { COUNT_CAP } from '../../../http/paging.js';
import { iso, isoOrNull } from '../../../http/iso.js';
import { likePrefix, rowsOf } from '../../../db/queries.js';

type MemberQuery = z.output<typeof memberQuerySchema>;
type MemberBody = z.output<typeof memberBodySchema>;
type MemberUpdate = z.output<typeof memberUpdateSchema>;

declareConstraints({
  member_phone: (phone) => `手机号 ${maskPhone(phone)} 已是会员`,
  member_no: '会员号生成冲突，请重试',
  member_follower: '该关注者已绑定其他会员',
});

/** The member number the counter types: 10000000 + id (8 digits up to id 89,999,999). */
export const memberNoOf = (id: string): string => String(10_000_000 + Number(id));

const sortable = {
  create_time: member.createdAt,
  balance: sql`(${member.balancePrincipal} + ${member.balanceBonus})`,
  points: member.points,
  total_spent: member.totalSpent,
  total_recharged: member.totalRecharged,
  last_visit_at: member.lastVisitAt,
  member_no: member.memberNo,
};

/**
 * What digits match: the phone's last four (尾号, as the counter asks a member for them; four
 * digits only), a phone prefix, a member-number prefix, each answered by an index.
 */
function digitMatches(digits: string) {
  return {
    lastFour: /^\d{4}$/.test(digits) ? sql`right(${member.phone}, 4) = ${digits}` : undefined,
    phonePrefix: like(member.phone, likePrefix(digits)),
    noPrefix: like(member.memberNo, likePrefix(digits)),
  };
}

/**
 * The digit matches in the order the list shows them (尾号, then phone, then member number);
 * each segment excludes the ones before it and is read in its own index's order, so a page
 * costs a few index entries whatever the digits.
 */
function digitSegments(digits: string, filters: SQL | undefined): Array<{ where: SQL | undefined; order: SQL[] }> {
  const { lastFour, phonePrefix, noPrefix } = digitMatches(digits);
  const not = (condition: SQL | undefined) => (condition ? sql`not (${condition})` : undefined);
  return [
    ...(lastFour ? [{ where: and(lastFour, filters), order: [sql`right(${member.phone}, 4)`, asc(member.phone)] }] : []),
    { where: and(phonePrefix, not(lastFour), filters), order: [sql`${member.phone} using ~<~`] },
    { where: and(noPrefix, not(phonePrefix), not(lastFour), filters), order: [sql`${member.memberNo} using ~<~`] },
  ];
}

/** The conditions of the member list's filters. */
export function memberConditions(q: Pick<MemberQuery, 'keyword' | 'levelId' | 'status' | 'balanceMin' | 'balanceMax'>): SQL | undefined {
  const keyword = q.keyword?.trim();
  const balance = sql`(${member.balancePrincipal} + ${member.balanceBonus})`;
  let search: SQL | undefined;
  if (keyword) {
    // Digits: any of their matches; else a name prefix.
    search = /^\d+$/.test(keyword)
      ? or(...Object.values(digitMatches(keyword)))
      : like(sql`lower(${member.name})`, likePrefix(keyword.toLowerCase()));
  }
  return and(
    search,
    q.levelId ? eq(member.levelId, q.levelId) : undefined,
    q.status ? eq(member.status, q.status) : undefined,
    q.balanceMin != null ? gte(balance, q.balanceMin) : undefined,
    q.balanceMax != null ? lte(balance, q.balanceMax) : undefined,
  );
}

/** A keyword search counts at most this many (the counter narrows by typing more digits). */
export const KEYWORD_COUNT_CAP = 1_000;

const capped = async (db: Db, where: SQL | undefined, cap: number): Promise<number> =>
  (await db.select({ n: count() }).from(db.select({ one: sql`1` }).from(member).where(where).limit(cap).as('capped')))[0]?.n ?? 0;

const pageRows = (db: Db, where: SQL | undefined, order: SQL[], limit: number, offset: number) =>
  db.select({ m: member, levelName: memberLevel.name }).from(member).innerJoin(memberLevel, eq(memberLevel.id, member.levelId))
    .where(where).orderBy(...order).limit(limit).offset(offset);

/**
 * The member list: phones masked, level names; the total counted up to COUNT_CAP (a keyword
 * search up to KEYWORD_COUNT_CAP). Newest first, except a search by digits without an order
 * of its own: `digitSegments`' order (尾号, then phone, then member number), each segment read in
 * its index's order (`USING ~<~` is the text_pattern_ops order), so a page costs a few index
 * entries whatever the prefix's length — rather than every matching row sorted by id.
 */
export async function memberPage(db: Db, q: MemberQuery): Promise<Page<MemberRow>> {
  const offset = (q.current - 1) * q.size;
  const keyword = q.keyword?.trim();
  const answer = (rows: Array<{ m: MemberTableRow; levelName: string }>, total: number): Page<MemberRow> => ({
    records: rows.map(({ m, levelName }) => rowOf(m, levelName)), total, size: q.size, current: q.current, pages: Math.ceil(total / q.size),
  });
  if (keyword && /^\d+$/.test(keyword) && !q.ascs && !q.descs) {
    const segments = digitSegments(keyword, memberConditions({ ...q, keyword: undefined }));
    // Every segment's capped count in one statement (one round trip).
    const cappedSql = (where: SQL | undefined) => sql`(select count(*) from (select 1 from ${member} where ${where} limit ${KEYWORD_COUNT_CAP}) c)`;
    const [counted] = await db.execute(sql`select ${sql.join(segments.map((s, i) => sql`${cappedSql(s.where)} as ${sql.raw(`n${i}`)}`), sql`, `)}`).then(rowsOf<Record<string, string>>);
    const counts = segments.map((_, i) => Number(counted?.[`n${i}`] ?? 0));
    const rows: Array<{ m: MemberTableRow; levelName: string }> = [];
    let skip = offset;
    for (const [i, segment] of segments.entries()) {
      const need = q.size - rows.length;
      if (need <= 0) break;
      if (skip >= counts[i]!) {
        skip -= counts[i]!;
        continue;
      }
      rows.push(...await pageRows(db, segment.where, segment.order, need, skip));
      skip = 0;
    }
    return answer(rows, Math.min(KEYWORD_COUNT_CAP, counts.reduce((a, b) => a + b, 0)));
  }
  const where = memberConditions(q);
  // Newest first; after a chosen order, the id keeps pages stable.
  const order = [...orderBy(q, sortable, []), desc(member.id)];
  const [total, rows] = await Promise.all([capped(db, where, keyword ? KEYWORD_COUNT_CAP : COUNT_CAP), pageRows(db, where, order, q.size, offset)]);
  return answer(rows, total);
}

type MemberTableRow = typeof member.$inferSelect;

function rowOf(m: MemberTableRow, levelName: string): MemberRow {
  return {
    id: m.id, memberNo: m.memberNo, phone: maskPhone(m.phone), name: m.name, gender: m.gender, levelId: m.levelId, levelName,
    points: m.points, balancePrincipal: m.balancePrincipal, balanceBonus: m.balanceBonus, balance: m.balancePrincipal + m.balanceBonus,
    totalRecharged: m.totalRecharged, totalSpent: m.totalSpent, status: m.status, source: m.source, lastVisitAt: isoOrNull(m.lastVisitAt),
    createTime: iso(m.createdAt),
  };
}

/** One member in full: the full phone, level and the next, first store. 404 when there is none. */
export async function memberRecord(db: Db, id: string): Promise<MemberRecord> {
  const [found] = await db.select({ m: member, level: memberLevel, storeName: store.name }).from(member)
    .innerJoin(memberLevel, eq(memberLevel.id, member.levelId)).leftJoin(store, eq(store.id, member.firstStoreId))
    .where(eq(member.id, id));
  if (!found) throw notFound(`会员 ${id} 不存在`);
  const { m, level, storeName } = found;
  const [next] = await db.select({ id: memberLevel.id, name: memberLevel.name, threshold: memberLevel.threshold }).from(memberLevel)
    .where(gt(memberLevel.rank, level.rank)).orderBy(asc(memberLevel.rank)).limit(1);
  return {
    ...rowOf(m, level.name),
    phone: m.phone,
    birthday: m.birthday,
    level: { id: level.id, name: level.name, rank: level.rank, discountRate: level.discountRate, pointsRate: level.pointsRate },
    nextLevel: next ? { ...next, remaining: Math.max(0, next.threshold - m.totalSpent) } : null,
    orderCount: m.orderCount,
    firstStoreId: m.firstStoreId,
    firstStoreName: storeName ?? null,
    followerId: m.followerId,
    remark: m.remark,
    updateTime: iso(m.updatedAt),
  };
}

/** The level a new member starts at (rank 0, else the lowest). */
export async function entryLevelId(db: Db): Promise<string> {
  const [level] = await db.select({ id: memberLevel.id }).from(memberLevel).orderBy(asc(memberLevel.rank)).limit(1);
  if (!level) throw badRequest('还没有会员等级，请先在会员等级中添加初始等级');
  return level.id;
}

/** The references of a body that are not the member's own columns: each must exist. */
async function checkRefs(db: Db, body: Pick<MemberBody, 'levelId' | 'firstStoreId' | 'followerId'>): Promise<void> {
  if (body.levelId) {
    const [level] = await db.select({ id: memberLevel.id }).from(memberLevel).where(eq(memberLevel.id, body.levelId));
    if (!level) throw badRequest(`levelId: 会员等级 ${body.levelId} 不存在`);
  }
  if (body.firstStoreId) {
    const [shop] = await db.select({ id: store.id }).from(store).where(eq(store.id, body.firstStoreId));
    if (!shop) throw badRequest(`firstStoreId: 门店 ${body.firstStoreId} 不存在`);
  }
  if (body.followerId) {
    const follower = await followerExists(db, body.followerId);
    if (!follower) throw badRequest(`followerId: 关注者 ${body.followerId} 不存在`);
  }
}

/** A new member (balances and points zero): answers its id. Runs in the caller's transaction. */
export async function createMember(tx: Db, body: MemberBody): Promise<string> {
  await checkRefs(tx, body);
  const levelId = body.levelId ?? (await entryLevelId(tx));
  const [created] = await translating(() => tx.insert(member).values({
    memberNo: `new-${crypto.randomUUID()}`, phone: body.phone, name: body.name, gender: body.gender, birthday: body.birthday ?? null, levelId,
    source: body.source, firstStoreId: body.firstStoreId ?? null, followerId: body.followerId ?? null, remark: body.remark,
  }).returning({ id: member.id }), {});
  const id = created!.id;
  await tx.update(member).set({ memberNo: memberNoOf(id) }).where(eq(member.id, id));
  return id;
}

/** The profile of a member (never balances, points or totals). */
export async function updateMember(tx: Db, body: MemberUpdate): Promise<void> {
  const [existing] = await tx.select({ id: member.id }).from(member).where(eq(member.id, body.id));
  if (!existing) throw notFound(`会员 ${body.id} 不存在`);
  await checkRefs(tx, body);
  await translating(() => tx.update(member).set({
    phone: body.phone, name: body.name, gender: body.gender, birthday: body.birthday ?? null, source: body.source,
    firstStoreId: body.firstStoreId ?? null, followerId: body.followerId ?? null, remark: body.remark, updatedAt: new Date(),
    ...(body.levelId ? { levelId: body.levelId } : {}),
  }).where(eq(member.id, body.id)), {});
}

/**
 * Deletes a member that has no history: any ledger row, recharge or coupon keeps it (a 409
 * naming why; freeze it instead).
 */
export async function removeMember(tx: Db, id: string): Promise<void> {
  const [m] = await tx.select({ id: member.id }).from(member).where(eq(member.id, id)).for('update');
  if (!m) throw notFound(`会员 ${id} 不存在`);
  const counts = await Promise.all([
    tx.select({ n: count() }).from(memberBalanceLedger).where(eq(memberBalanceLedger.memberId, id)),
    tx.select({ n: count() }).from(memberPointsLedger).where(eq(memberPointsLedger.memberId, id)),
    tx.select({ n: count() }).from(recharge).where(eq(recharge.memberId, id)),
    tx.select({ n: count() }).from(coupon).where(eq(coupon.memberId, id)),
  ]);
  const [ledger, points, recharges, coupons] = counts.map((c) => c[0]?.n ?? 0) as [number, number, number, number];
  const reasons = [
    ledger ? `${ledger} 条余额流水` : '', points ? `${points} 条积分流水` : '', recharges ? `${recharges} 笔充值记录` : '', coupons ? `${coupons} 张优惠券` : '',
  ].filter(Boolean);
  if (reasons.length) throw conflict(`该会员已有${reasons.join('、')}，不能删除，可以冻结该会员`);
  await tx.delete(member).where(eq(member.id, id));
}

/** 冻结/解冻. */
export async function setMemberStatus(db: Db, id: string, status: 'active' | 'frozen'): Promise<void> {
  const updated = await db.update(member).set({ status, updatedAt: new Date() }).where(eq(member.id, id)).returning({ id: member.id });
  if (!updated.length) throw notFound(`会员 ${id} 不存在`);
}
