import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoEscposPorts, demoEscposPrinters, demoFeieAccount, demoFeiePrinters } from '@canteen/wechat-sim';
import type { PrinterRecord } from '@canteen/contract';
import { createTestApp } from '../../../test/app.js';
import { signIn } from '../../../test/auth.js';
import { callerOf, dataOf } from '../../../test/orders.js';
import type { App } from '../../app.js';
import { printer } from './tables.js';
import { DEMO_FEIE_ACCOUNT, DEMO_PRINTERS, demoEscposPort, seedDemoPrinters } from './seed.js';

let app: App;
beforeAll(async () => {
  ({ app } = await createTestApp());
});

describe('demo printers', () => {
  it('are the simulator\'s: its 飞鹅 account and cloud printers (SN, key, paper), its ESC/POS listeners', () => {
    expect(DEMO_FEIE_ACCOUNT).toEqual(demoFeieAccount);
    for (const sim of demoFeiePrinters) {
      expect(DEMO_PRINTERS.find((p) => p.feie?.sn === sim.sn)).toMatchObject({ name: sim.name, store: sim.store, paper: sim.paper, feie: { key: sim.key } });
    }
    demoEscposPrinters.forEach((sim, index) => {
      expect(DEMO_PRINTERS.find((p) => p.escpos?.index === index)).toMatchObject({ name: sim.name, store: sim.store, paper: sim.paper });
      for (const simPort of [8081, 9081]) expect(demoEscposPort(simPort, index)).toBe(demoEscposPorts(simPort)[index]);
    });
  });

  it('are seeded once, with the kitchen printers routed by category', async () => {
    await seedDemoPrinters(app.database.db, app.printing.secrets, 9081);
    await seedDemoPrinters(app.database.db, app.printing.secrets, 9081);
    const call = callerOf(app, await signIn(app, 'admin'));
    const page = dataOf<{ records: PrinterRecord[] }>(await call('GET', '/store/printer/page?size=100'));
    const demo = page.records.filter((p) => DEMO_PRINTERS.some((d) => d.name === p.name));
    expect(demo).toHaveLength(DEMO_PRINTERS.length);
    expect(demo.find((p) => p.name === '川菜馆凉菜档口')).toMatchObject({ host: '127.0.0.1', port: 9083 }); // the simulator on 9081's
    // A database seeded when the demo printers listened on 9100 and 9101: moved to the simulator's.
    await app.database.db.update(printer).set({ port: 9101 }).where(eq(printer.name, '川菜馆凉菜档口'));
    await seedDemoPrinters(app.database.db, app.printing.secrets, 8081);
    expect(dataOf<PrinterRecord>(await call('GET', `/store/printer/${demo.find((p) => p.name === '川菜馆凉菜档口')!.id}`)).port).toBe(8083);
    expect(demo.find((p) => p.name === '川菜馆凉菜档口')!.categoryIds).toHaveLength(1);
    expect(demo.find((p) => p.name === '川菜馆前台')!.feieKeyMasked).toBe('****');
    expect(dataOf(await call('GET', '/store/printer/feie-account'))).toMatchObject({ user: demoFeieAccount.user, configured: true });
  });
});
