import { afterEach, describe, expect, it } from 'vitest';
import { clearStore, getAllStore, getStore, removeStore, setStore } from './storage';

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('product storage', () => {
  it('stores under the product prefix with dataType, content, type and datetime', () => {
    setStore('token', 'abc');
    const raw = JSON.parse(localStorage.getItem('canteen-token')!);
    expect(raw).toMatchObject({ dataType: 'string', content: 'abc', type: 'local' });
    expect(typeof raw.datetime).toBe('number');
    expect(getStore('token')).toBe('abc');
  });

  it('keeps session values in session storage', () => {
    setStore('tabs', [{ value: '/wel/index' }], 'session');
    expect(localStorage.getItem('canteen-tabs')).toBeNull();
    expect(JSON.parse(sessionStorage.getItem('canteen-tabs')!).dataType).toBe('object');
    expect(getStore('tabs')).toEqual([{ value: '/wel/index' }]);
  });

  it('treats unreadable values as absent and removes from both areas', () => {
    localStorage.setItem('canteen-broken', '{');
    expect(getStore('broken')).toBeUndefined();
    setStore('x', 1);
    setStore('x', 2, 'session');
    removeStore('x');
    expect(getStore('x')).toBeUndefined();
  });

  it('lists and clears only product keys', () => {
    localStorage.setItem('other-app', 'keep');
    setStore('a', 1);
    setStore('b', true);
    expect(getAllStore()).toEqual({ a: 1, b: true });
    clearStore();
    expect(localStorage.getItem('other-app')).toBe('keep');
    expect(getAllStore()).toEqual({});
  });
});
