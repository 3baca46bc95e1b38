import {
  fenToYuan, yuanToFen, type MemberAdjustBody, type MemberBody, type MemberGender, type MemberLevelBody, type MemberLevelRecord, type MemberRecord,
  type MemberStatus,
} from '@canteen/contract';

/**
 * The member screens' form values and their conversion to the contract's bodies. Money is typed
 * in yuan (numbers with two decimals, as the inputs hold them) and converted to fen once, here.
 */

const trimmed = (s: string | null | undefined) => (s ?? '').trim();
const yuan = (fen: number): number => Number(fenToYuan(fen));

// ---------- list filters ----------

export interface MemberFilterValues {
  keyword?: string;
  levelId?: string;
  status?: MemberStatus;
  /** Yuan. */
  balanceMin?: number | null;
  balanceMax?: number | null;
}

/** The list's query parameters (balances in fen); empty filters are left out. */
export function memberFilterQuery(values: MemberFilterValues): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  const keyword = trimmed(values.keyword);
  if (keyword) out.keyword = keyword;
  if (values.levelId) out.levelId = values.levelId;
  if (values.status) out.status = values.status;
  if (values.balanceMin != null) out.balanceMin = yuanToFen(values.balanceMin);
  if (values.balanceMax != null) out.balanceMax = yuanToFen(values.balanceMax);
  return out;
}

// ---------- member editor ----------

export interface MemberFormValues {
  phone: string;
  name: string;
  gender: MemberGender;
  /** YYYY-MM-DD or null. */
  birthday: string | null;
  levelId: string | null;
  remark: string;
}

export const newMemberForm = (): MemberFormValues => ({ phone: '', name: '', gender: 'unknown', birthday: null, levelId: null, remark: '' });

export const toMemberForm = (m: MemberRecord): MemberFormValues => ({
  phone: m.phone,
  name: m.name,
  gender: m.gender,
  birthday: m.birthday,
  levelId: m.levelId,
  remark: m.remark,
});

/** The body of POST (no id) or PUT (with the id) /customer/member. */
export function toMemberBody(values: MemberFormValues, id?: string): MemberBody & { id?: string } {
  const body: MemberBody = {
    phone: trimmed(values.phone),
    name: trimmed(values.name),
    gender: values.gender,
    birthday: values.birthday || null,
    remark: trimmed(values.remark),
  };
  if (values.levelId) body.levelId = values.levelId;
  return id ? { id, ...body } : body;
}

// ---------- adjust ----------

export interface AdjustFormValues {
  /** Signed yuan. */
  principal: number | null;
  bonus: number | null;
  points: number | null;
  reason: string;
}

export const newAdjustForm = (): AdjustFormValues => ({ principal: null, bonus: null, points: null, reason: '' });

export function toAdjustBody(values: AdjustFormValues): MemberAdjustBody {
  return {
    principal: values.principal == null ? 0 : yuanToFen(values.principal),
    bonus: values.bonus == null ? 0 : yuanToFen(values.bonus),
    points: values.points ?? 0,
    reason: trimmed(values.reason),
  };
}

export interface Balances {
  balancePrincipal: number;
  balanceBonus: number;
  points: number;
}

/** The balances an adjustment would leave (fen and points). */
export function afterAdjust(current: Balances, body: MemberAdjustBody): Balances {
  return {
    balancePrincipal: current.balancePrincipal + (body.principal ?? 0),
    balanceBonus: current.balanceBonus + (body.bonus ?? 0),
    points: current.points + (body.points ?? 0),
  };
}

// ---------- levels ----------

export interface LevelFormValues {
  name: string;
  rank: number | null;
  /** Yuan. */
  threshold: number | null;
  discountRate: number | null;
  /** Points per yuan (1.5 = 150 hundredths). */
  points: number | null;
}

export const newLevelForm = (levels: readonly MemberLevelRecord[]): LevelFormValues => ({
  name: '',
  rank: levels.length === 0 ? 0 : Math.max(...levels.map((l) => l.rank)) + 1,
  threshold: levels.length === 0 ? 0 : null,
  discountRate: 100,
  points: 1,
});

export const toLevelForm = (l: MemberLevelRecord): LevelFormValues => ({
  name: l.name,
  rank: l.rank,
  threshold: yuan(l.threshold),
  discountRate: l.discountRate,
  points: l.pointsRate / 100,
});

export function toLevelBody(values: LevelFormValues, id?: string): MemberLevelBody {
  const body: MemberLevelBody = {
    name: trimmed(values.name),
    rank: values.rank ?? 0,
    threshold: values.threshold == null ? 0 : yuanToFen(values.threshold),
    discountRate: values.discountRate ?? 100,
    pointsRate: Math.round((values.points ?? 0) * 100),
  };
  return id ? { id, ...body } : body;
}

/** 88 → `8.8`, 95 → `9.5`, 90 → `9` (折); 100 is no discount. */
export const discountText = (rate: number): string => String(rate / 10);
