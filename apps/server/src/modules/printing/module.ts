import { defineModule } from '../manifest.js';
import { printingPlugin } from './plugin.js';
import { seedPrinters } from './seed.js';
import * as tables from './tables.js';

/** 打印: printers, tickets and print jobs (STORE.md §7, issue 14). */
export const printingModule = defineModule({ name: 'printing', plugin: printingPlugin, tables, seed: seedPrinters });
