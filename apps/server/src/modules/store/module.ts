import { defineModule } from '../manifest.js';
import { storePlugin } from './plugin.js';
import { seedStore } from './seed.js';
import * as tables from './tables.js';

/** 门店管理: stores and who works in them, the menu, areas and tables (STORE.md §1–4). */
export const storeModule = defineModule({ name: 'store', plugin: storePlugin, tables, seed: seedStore });
