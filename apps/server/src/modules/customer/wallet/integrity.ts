import { sql } from 'drizzle-orm';
import { maskPhone, type IntegrityReport } from '@canteen/contract';
import type { Db } from '../../../db/client.js';
import { rowsOf } from '../../../db/queries.js';

/** Most mismatches one report lists (the count of members checked is always whole). */
export const INTEGRITY_LIST_MAX = 500;

interface MismatchRow extends Record<string, unknown> {
  id: string;
  member_no: string;
  phone: string;
  balance_principal: string | number;
  balance_bonus: string | number;
  points: string | number;
  ledger_principal: string | number;
  ledger_bonus: string | number;
  ledger_points: string | number;
}

/**
 * The consistency check (issue 12): for every member, the sums of the balance ledger's changes
 * equal the principal and bonus, and the points ledger's sum equals the points; and the last
 * ledger row's "after" columns equal the member's columns. Members without ledger rows must
 * hold zero. One pass over each table (grouped), so it is fine on demand at a few hundred
 * thousand members.
 */
export async function checkIntegrity(db: Db, memberIds?: readonly string[]): Promise<IntegrityReport> {
  const only = memberIds ? sql`where m.id = any(${`{${memberIds.join(',')}}`}::bigint[])` : sql``;
  const onlyLedger = (alias: string) => (memberIds ? sql`where ${sql.raw(alias)}.member_id = any(${`{${memberIds.join(',')}}`}::bigint[])` : sql``);
  const [count] = rowsOf<{ n: string | number }>(await db.execute(sql`select count(*) as n from member m ${only}`));
  const mismatches = rowsOf<MismatchRow>(await db.execute(sql`
    with b as (
      select member_id, sum(principal_change) as p, sum(bonus_change) as b,
             (array_agg(principal_after order by id desc))[1] as last_p, (array_agg(bonus_after order by id desc))[1] as last_b
      from member_balance_ledger l ${onlyLedger('l')} group by member_id
    ), pt as (
      select member_id, sum(change) as c, (array_agg(points_after order by id desc))[1] as last_c
      from member_points_ledger l ${onlyLedger('l')} group by member_id
    )
    select m.id, m.member_no, m.phone, m.balance_principal, m.balance_bonus, m.points,
           coalesce(b.p, 0) as ledger_principal, coalesce(b.b, 0) as ledger_bonus, coalesce(pt.c, 0) as ledger_points
    from member m left join b on b.member_id = m.id left join pt on pt.member_id = m.id
    ${memberIds ? sql`${only} and` : sql`where`} (
      m.balance_principal <> coalesce(b.p, 0) or m.balance_bonus <> coalesce(b.b, 0) or m.points <> coalesce(pt.c, 0)
      or (b.member_id is not null and (b.last_p <> m.balance_principal or b.last_b <> m.balance_bonus))
      or (pt.member_id is not null and pt.last_c <> m.points)
    )
    order by m.id limit ${INTEGRITY_LIST_MAX}`));
  return {
    checked: Number(count?.n ?? 0),
    mismatches: mismatches.map((r) => ({
      memberId: String(r.id), memberNo: r.member_no, phone: maskPhone(r.phone),
      balancePrincipal: Number(r.balance_principal), ledgerPrincipal: Number(r.ledger_principal),
      balanceBonus: Number(r.balance_bonus), ledgerBonus: Number(r.ledger_bonus),
      points: Number(r.points), ledgerPoints: Number(r.ledger_points),
    })),
  };
}
