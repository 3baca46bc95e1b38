import { defineModule } from '../manifest.js';
import { orderPlugin } from './plugin.js';
import { seedOrders } from './seed.js';
import * as tables from './tables.js';

/** 订单管理: orders, their lines, payments, refunds and log (STORE.md §6, issue 13). */
export const orderModule = defineModule({ name: 'order', plugin: orderPlugin, tables, seed: seedOrders });
