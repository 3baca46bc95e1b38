import { beforeEach, describe, expect, it } from 'vitest';
import { aliveKeys, useTabs } from './tabs';

const open = (value: string, keepAlive = true) => useTabs.getState().open({ label: value, value, keepAlive });
const keys = () => useTabs.getState().tabs.map((t) => t.value);

describe('tab store', () => {
  beforeEach(() => useTabs.getState().reset());

  it('starts with the home tab, which cannot be closed', () => {
    expect(keys()).toEqual(['/wel/index']);
    expect(useTabs.getState().close('/wel/index')).toBeUndefined();
    expect(keys()).toEqual(['/wel/index']);
  });

  it('opens a tab once per path plus query and activates it', () => {
    open('/a');
    open('/b?x=1');
    open('/b?x=2');
    open('/a');
    expect(keys()).toEqual(['/wel/index', '/a', '/b?x=1', '/b?x=2']);
    expect(useTabs.getState().active).toBe('/a');
  });

  it('showing an open tab again keeps the tab list itself (the bar need not re-render); a new label replaces it', () => {
    open('/a');
    open('/b');
    const before = useTabs.getState().tabs;
    open('/a');
    expect(useTabs.getState().tabs).toBe(before);
    expect(useTabs.getState().recent.slice(0, 2)).toEqual(['/a', '/b']);
    useTabs.getState().open({ label: 'A renamed', value: '/a', keepAlive: true });
    expect(useTabs.getState().tabs).not.toBe(before);
    expect(useTabs.getState().tabs.find((t) => t.value === '/a')?.label).toBe('A renamed');
  });

  it('closing the active tab shows its right neighbour, else the left one', () => {
    open('/a');
    open('/b');
    open('/c');
    useTabs.getState().open({ label: 'b', value: '/b', keepAlive: true });
    expect(useTabs.getState().close('/b')).toBe('/c');
    expect(useTabs.getState().close('/c')).toBe('/a');
    expect(keys()).toEqual(['/wel/index', '/a']);
    expect(useTabs.getState().close('/wel/index')).toBeUndefined();
  });

  it('closing an inactive tab keeps the active one', () => {
    open('/a');
    open('/b');
    expect(useTabs.getState().close('/a')).toBeUndefined();
    expect(useTabs.getState().active).toBe('/b');
  });

  it('closes the others, keeping home and the chosen tab', () => {
    open('/a');
    open('/b');
    open('/c');
    useTabs.getState().closeOthers('/b');
    expect(keys()).toEqual(['/wel/index', '/b']);
    expect(useTabs.getState().active).toBe('/b');
  });

  it('closes all and returns home', () => {
    open('/a');
    open('/b');
    useTabs.getState().closeAll();
    expect(keys()).toEqual(['/wel/index']);
    expect(useTabs.getState().active).toBe('/wel/index');
  });

  it('refresh bumps the nonce of one tab', () => {
    open('/a');
    useTabs.getState().refresh('/a');
    expect(useTabs.getState().tabs.find((t) => t.value === '/a')!.nonce).toBe(1);
  });

  it('keeps only the most recently used keep-alive pages mounted (LRU)', () => {
    for (let i = 0; i < 6; i++) open(`/p${i}`);
    open('/fresh', false);
    open('/p1');
    expect(aliveKeys(useTabs.getState(), 3)).toEqual(['/p1', '/p5', '/p4']);
    expect(aliveKeys(useTabs.getState(), 20)).not.toContain('/fresh');
    useTabs.getState().close('/p5');
    expect(aliveKeys(useTabs.getState(), 3)).toEqual(['/p1', '/p4', '/p3']);
  });
});
