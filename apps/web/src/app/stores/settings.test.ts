import { beforeEach, describe, expect, it } from 'vitest';
import { getStore, setStore } from '../../shared/storage/storage';
import { DEFAULT_SETTINGS, SETTING_SWITCHES, useSettings } from './settings';

describe('settings', () => {
  beforeEach(() => localStorage.clear());

  it('has eight switches, each on by default, and the default theme and colour', async () => {
    await useSettings.persist.rehydrate();
    expect(SETTING_SWITCHES).toHaveLength(8);
    for (const key of SETTING_SWITCHES) expect(useSettings.getState()[key]).toBe(true);
    expect(useSettings.getState().theme).toBe('default');
    expect(useSettings.getState().color).toBe('#409EFF');
  });

  it('treats unset or invalid stored flags as on and keeps the stored ones', async () => {
    setStore('settings', { state: { showTag: false, showLock: 'no', theme: 'black' }, version: 0 });
    await useSettings.persist.rehydrate();
    const state = useSettings.getState();
    expect(state.showTag).toBe(false);
    expect(state.showLock).toBe(true);
    expect(state.showSearch).toBe(true);
    expect(state.theme).toBe('black');
  });

  it('remembers a change', async () => {
    useSettings.getState().set('showDebug', false);
    useSettings.getState().setColor('#ff0000');
    const stored = getStore<{ state: Record<string, unknown> }>('settings')!;
    expect(stored.state).toMatchObject({ showDebug: false, color: '#ff0000' });
    useSettings.setState(DEFAULT_SETTINGS, false);
    localStorage.setItem('canteen-settings', JSON.stringify({ dataType: 'object', content: stored, type: 'local', datetime: 0 }));
    await useSettings.persist.rehydrate();
    expect(useSettings.getState().showDebug).toBe(false);
    expect(useSettings.getState().color).toBe('#ff0000');
  });
});
