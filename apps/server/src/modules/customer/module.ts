import { defineModule } from '../manifest.js';
import { customerPlugin } from './plugin.js';
import { seedCustomer } from './seed.js';
import * as tables from './tables.js';

/** 客户管理: members and levels, stored value with its ledgers, recharge plans, coupons (STORE.md §5). */
export const customerModule = defineModule({ name: 'customer', plugin: customerPlugin, tables, seed: seedCustomer });
