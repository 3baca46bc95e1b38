import { defineModule } from '../manifest.js';
import { seedReports } from './demo/seed.js';
import { reportPlugin } from './plugin.js';
import { seedRollups } from './rollups/seed.js';
import * as tables from './tables.js';

/** 营业报表: daily roll-ups of the orders and the reports read from them (STORE.md §8, issue 15); the demo business. */
export const reportModule = defineModule({ name: 'report', plugin: reportPlugin, tables, seed: async (database, config) => {
  await seedReports(database, config);
  await seedRollups(database, config); // orders never counted (a database from before the reports): rebuilt once (rollups/seed.ts)
} });
