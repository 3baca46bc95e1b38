import type { PersistStorage, StorageValue } from 'zustand/middleware';
import { PRODUCT_KEY } from '@canteen/contract';

/**
 * The specification's stored-value helper: every key carries the product prefix and every
 * value is `{ dataType, content, type, datetime }`, in localStorage or (type 'session') sessionStorage.
 */
export type StoreType = 'local' | 'session';

export interface StoredValue<T = unknown> {
  dataType: string;
  content: T;
  type: StoreType;
  datetime: number;
}

const keyOf = (name: string) => `${PRODUCT_KEY}-${name}`;
const area = (type: StoreType) => (type === 'session' ? window.sessionStorage : window.localStorage);

export function setStore<T>(name: string, content: T, type: StoreType = 'local'): void {
  const value: StoredValue<T> = { dataType: typeof content, content, type, datetime: Date.now() };
  area(type).setItem(keyOf(name), JSON.stringify(value));
}

/** Reads a stored value; looks in session storage first, then local. Unreadable values count as absent. */
export function getStore<T>(name: string): T | undefined {
  const raw = window.sessionStorage.getItem(keyOf(name)) ?? window.localStorage.getItem(keyOf(name));
  if (raw === null) return undefined;
  try {
    const value = JSON.parse(raw) as StoredValue<T>;
    return value.content;
  } catch {
    return undefined;
  }
}

export function removeStore(name: string): void {
  window.sessionStorage.removeItem(keyOf(name));
  window.localStorage.removeItem(keyOf(name));
}

/** Every product value of one area, by unprefixed name. */
export function getAllStore(type: StoreType = 'local'): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const storage = area(type);
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (!key?.startsWith(`${PRODUCT_KEY}-`)) continue;
    const name = key.slice(PRODUCT_KEY.length + 1);
    out[name] = getStore(name);
  }
  return out;
}

/** Removes every product value of one area and leaves other applications' keys alone. */
export function clearStore(type: StoreType = 'local'): void {
  const storage = area(type);
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (key?.startsWith(`${PRODUCT_KEY}-`)) keys.push(key);
  }
  keys.forEach((k) => storage.removeItem(k));
}

/** A zustand `persist` storage that keeps state in this helper's format. */
export const productStateStorage = <S>(type: StoreType = 'local'): PersistStorage<S> => ({
  getItem: (name) => getStore<StorageValue<S>>(name) ?? null,
  setItem: (name, value) => setStore(name, value, type),
  removeItem: (name) => removeStore(name),
});
