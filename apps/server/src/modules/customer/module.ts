import { defineModule } from '../manifest.js';
import * as tables from './tables.js';

/** 客户管理: members and levels, stored value with its ledgers, recharge plans, coupons (STORE.md §5). */
export const customerModule = defineModule({ name: 'customer', tables });
