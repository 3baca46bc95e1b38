import { describe, expect, it } from 'vitest';
import { pathOf } from './endpoint.js';

describe('pathOf', () => {
  it('fills and encodes path parameters', () => {
    expect(pathOf('/upms/dept/:id', { id: '3' })).toBe('/upms/dept/3');
    expect(pathOf('/weixin/portal/:appId/x', { appId: 'a b/c' })).toBe('/weixin/portal/a%20b%2Fc/x');
    expect(pathOf('/upms/menu', undefined)).toBe('/upms/menu');
  });
  it('refuses a missing parameter', () => {
    expect(() => pathOf('/upms/dept/:id', {})).toThrow('missing path parameter id');
  });
});
