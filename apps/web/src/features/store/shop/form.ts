import {
  fenToYuan, yuanToFen, type BusinessHoursSlot, type OrderType, type PickupRule, type StoreBody, type StoreRecord,
} from '@canteen/contract';

/**
 * The store form's values and their conversion to and from the contract: money is edited in yuan
 * and converted to fen once, here, on the way out.
 */
export interface StoreFormValues {
  name: string;
  logo: string | null;
  phone: string;
  region: string;
  address: string;
  latitude: number | null;
  longitude: number | null;
  timeZone: string;
  businessHours: BusinessHoursSlot[];
  isOpen: boolean;
  dayCutoffHour: number;
  orderTypes: OrderType[];
  payMode: StoreRecord['payMode'];
  pickupRule: PickupRule;
  packingFeeMode: StoreRecord['packingFeeMode'];
  /** Yuan, two decimals. */
  packingFee: number | null;
  notice: string;
  sort: number;
}

export const newStoreForm = (): StoreFormValues => ({
  name: '',
  logo: null,
  phone: '',
  region: '',
  address: '',
  latitude: null,
  longitude: null,
  timeZone: 'Asia/Shanghai',
  businessHours: [{ days: [1, 2, 3, 4, 5, 6, 7], open: '10:00', close: '22:00' }],
  isOpen: true,
  dayCutoffHour: 4,
  orderTypes: ['dine_in', 'takeaway'],
  payMode: 'pay_first',
  pickupRule: { prefix: '', start: 1, end: 999, skip: [] },
  packingFeeMode: 'none',
  packingFee: null,
  notice: '',
  sort: 0,
});

export const toStoreForm = (r: StoreRecord): StoreFormValues => ({
  name: r.name,
  logo: r.logo,
  phone: r.phone,
  region: r.region,
  address: r.address,
  latitude: r.latitude,
  longitude: r.longitude,
  timeZone: r.timeZone,
  businessHours: r.businessHours.map((s) => ({ days: [...s.days], open: s.open, close: s.close })),
  isOpen: r.isOpen,
  dayCutoffHour: r.dayCutoffHour,
  orderTypes: [...r.orderTypes],
  payMode: r.payMode,
  pickupRule: { ...r.pickupRule, skip: [...r.pickupRule.skip] },
  packingFeeMode: r.packingFeeMode,
  packingFee: r.packingFeeMode === 'none' ? null : Number(fenToYuan(r.packingFee)),
  notice: r.notice,
  sort: r.sort,
});

const trimmed = (s: string | null | undefined) => (s ?? '').trim();

export function toStoreBody(v: StoreFormValues): StoreBody {
  return {
    name: trimmed(v.name),
    logo: v.logo || null,
    phone: trimmed(v.phone),
    region: trimmed(v.region),
    address: trimmed(v.address),
    latitude: v.latitude ?? null,
    longitude: v.longitude ?? null,
    timeZone: v.timeZone,
    businessHours: v.businessHours.map((s) => ({ days: [...s.days].sort((a, b) => a - b), open: s.open, close: s.close })),
    isOpen: v.isOpen,
    dayCutoffHour: v.dayCutoffHour,
    orderTypes: v.orderTypes,
    payMode: v.payMode,
    pickupRule: { prefix: trimmed(v.pickupRule.prefix), start: v.pickupRule.start, end: v.pickupRule.end, skip: [...v.pickupRule.skip].sort() },
    packingFeeMode: v.packingFeeMode,
    packingFee: v.packingFeeMode === 'none' ? 0 : yuanToFen(v.packingFee ?? 0),
    notice: trimmed(v.notice),
    sort: v.sort,
  };
}

const WEEK_MINUTES = 7 * 1440;
const minutesOf = (hhmm: string) => {
  const [h, m] = hhmm.split(':');
  return Number(h) * 60 + Number(m);
};

/** An overnight slot (close ≤ open) ends on the next day: shown as 次日. */
export const isOvernight = (slot: Pick<BusinessHoursSlot, 'open' | 'close'>) => minutesOf(slot.close) <= minutesOf(slot.open);

/**
 * The first weekday (1–7) on which two complete slots overlap, or null. An overnight slot's small
 * hours count on the following day (Sunday's run into Monday).
 */
export function overlappingDay(slots: Array<Partial<BusinessHoursSlot> | undefined>): number | null {
  const owner = new Int16Array(WEEK_MINUTES).fill(-1);
  for (const [index, slot] of slots.entries()) {
    if (!slot?.days?.length || !slot.open || !slot.close || slot.open === slot.close) continue;
    const open = minutesOf(slot.open);
    const length = (minutesOf(slot.close) - open + 1440) % 1440;
    for (const day of new Set(slot.days)) {
      const start = (day - 1) * 1440 + open;
      for (let m = start; m < start + length; m += 1) {
        const at = m % WEEK_MINUTES;
        if (owner[at] !== -1 && owner[at] !== index) return Math.floor(at / 1440) + 1;
        owner[at] = index;
      }
    }
  }
  return null;
}

/** The first pickup numbers the rule gives (skipping numbers that contain a skipped digit). */
export function pickupExamples(rule: Partial<PickupRule>, count = 3): string[] {
  const start = rule.start ?? 1;
  const end = rule.end ?? 999;
  const skip = rule.skip ?? [];
  const out: string[] = [];
  for (let n = start; n <= end && out.length < count; n += 1) {
    if (!skip.some((d) => String(n).includes(d))) out.push(`${rule.prefix ?? ''}${n}`);
  }
  return out;
}

/** IANA time zones the browser knows (Asia/Shanghai first), for the time-zone select. */
export function timeZones(): string[] {
  const supported = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.('timeZone') ?? [];
  const common = ['Asia/Shanghai', 'Asia/Hong_Kong', 'Asia/Taipei', 'Asia/Tokyo', 'Asia/Singapore', 'Europe/London', 'America/New_York', 'UTC'];
  return [...new Set([...common, ...supported])];
}
