import { and, eq, sql } from 'drizzle-orm';
import type { KitchenSplit, TicketKind } from '@canteen/contract';
import type { Db } from '../../db/client.js';
import type { Seeder } from '../../db/seed.js';
import { appSetting } from '../../db/tables.js';
import { createSecrets, loadSecretsKey, type Secrets } from '../../platform/secrets.js';
import { storeForReads as store } from '../store/service.js';
import { printer, printerFeieAccount } from './tables.js';
import { rowsOf } from '../../db/queries.js';

/**
 * The demo's printers (DEMO_DATA on), the ones the simulator (packages/wechat-sim, npm start)
 * knows: its demo 飞鹅 account and cloud printers, and its ESC/POS listeners on the two ports after
 * SIM_PORT. seed.test.ts keeps these equal to the simulator's. Once per database (a setting), so printers
 * an operator deletes stay deleted.
 */
export const DEMO_FEIE_ACCOUNT = { user: 'canteen-demo@example.com', ukey: 'FeieDemoUkey2026' };

interface DemoPrinter {
  store: string;
  name: string;
  paper: 58 | 80;
  tickets: TicketKind[];
  kitchenSplit?: KitchenSplit;
  /** Category names; none: all. */
  categories?: string[];
  feie?: { sn: string; key: string };
  /** The simulator's n-th network printer, on port SIM_PORT + 1 + n. */
  escpos?: { index: number };
}

const SICHUAN = '蜀香园·川菜馆（春熙路店）';
const TEA = '蜀香园·茶饮（太古里店）';
export const DEMO_PRINTERS: readonly DemoPrinter[] = [
  { store: SICHUAN, name: '川菜馆前台', paper: 80, tickets: ['receipt', 'refund'], feie: { sn: '916500101', key: 'ibeenvvw' } },
  { store: SICHUAN, name: '川菜馆后厨（热菜）', paper: 80, tickets: ['kitchen', 'refund'], categories: ['招牌推荐', '热菜', '汤羹', '主食', '小吃'], escpos: { index: 0 } },
  { store: SICHUAN, name: '川菜馆凉菜档口', paper: 58, tickets: ['kitchen', 'refund'], categories: ['凉菜'], escpos: { index: 1 } },
  { store: TEA, name: '茶饮吧台', paper: 58, tickets: ['receipt', 'kitchen'], feie: { sn: '916500102', key: 'z89skfna' } },
];

const DEMO_KEY = 'printing.demoSeeded';
/** "prnt": the advisory lock taken while claiming the seed. */
const SEED_LOCK = 0x7072_6e74;

/** Where the simulator's n-th demo network printer listens (packages/wechat-sim demoEscposPorts). */
export const demoEscposPort = (simPort: number, index: number) => simPort + 1 + index;

export async function seedDemoPrinters(db: Db, secrets: Secrets, simPort: number): Promise<void> {
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const [done] = await tx.select({ key: appSetting.key }).from(appSetting).where(eq(appSetting.key, DEMO_KEY));
    if (done) {
      // Demo data seeded before the ports followed SIM_PORT pointed at 9100 and 9101: moved along.
      for (const p of DEMO_PRINTERS) {
        if (!p.escpos) continue;
        await tx.update(printer).set({ port: demoEscposPort(simPort, p.escpos.index) })
          .where(and(eq(printer.name, p.name), eq(printer.brand, 'escpos'), eq(printer.host, '127.0.0.1'), eq(printer.port, 9100 + p.escpos.index)));
      }
      return;
    }
    await tx.insert(appSetting).values({ key: DEMO_KEY, value: true });
    await tx.insert(printerFeieAccount).values({ id: 1, feieUser: DEMO_FEIE_ACCOUNT.user, ukeyEnc: secrets.seal(DEMO_FEIE_ACCOUNT.ukey) }).onConflictDoNothing();
    for (const p of DEMO_PRINTERS) {
      const [s] = await tx.select({ id: store.id }).from(store).where(eq(store.name, p.store));
      if (!s) continue;
      // The store module's categories by name (a read; the store module owns them).
      const categories = p.categories?.length
        ? rowsOf<{ id: string }>(await tx.execute(sql`select id::text as id from store_category where store_id = ${s.id} and name in (${sql.join(p.categories.map((c) => sql`${c}`), sql`, `)})`)).map((r) => r.id)
        : [];
      await tx.insert(printer).values({
        storeId: s.id, name: p.name, brand: p.feie ? 'feie' : 'escpos', feieSn: p.feie?.sn ?? null, feieKeyEnc: p.feie ? secrets.seal(p.feie.key) : null,
        host: p.escpos ? '127.0.0.1' : null, port: p.escpos ? demoEscposPort(simPort, p.escpos.index) : null, paper: p.paper, tickets: p.tickets, kitchenSplit: p.kitchenSplit ?? 'order', categoryIds: categories,
      }).onConflictDoNothing();
    }
  });
}

export const seedPrinters: Seeder = async (database, config) => {
  if (config.DEMO_DATA !== 'on' || config.NODE_ENV === 'test') return;
  await seedDemoPrinters(database.db, createSecrets(loadSecretsKey(config)), config.SIM_PORT);
};
