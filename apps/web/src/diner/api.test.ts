import { describe, expect, it } from 'vitest';
import { dinerEndpoints, ORDER_STATUS_NAMES } from '@canteen/contract';
import { DINER_ROUTES } from './api';
import { STATUS_ZH } from './i18n';

/** What the diners' page keeps of the contract without its zod schemas: the same as the contract. */
describe('the diners\' page\'s copies of the contract', () => {
  it('calls each diners\' endpoint by the contract\'s method and path', () => {
    expect(DINER_ROUTES).toEqual(Object.fromEntries(Object.entries(dinerEndpoints).map(([name, e]) => [name, { method: e.method, path: e.path }])));
  });

  it('names the order states as the contract does', () => {
    expect(STATUS_ZH).toEqual(ORDER_STATUS_NAMES);
  });
});
