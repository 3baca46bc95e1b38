import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { DEFAULT_THEME_COLOR } from '@canteen/contract';
import { productStateStorage } from '../../shared/storage/storage';

/** The specification's settings flags; each is on when unset. */
export interface SettingFlags {
  showTag: boolean;
  showDebug: boolean;
  showTheme: boolean;
  showColor: boolean;
  showFullScren: boolean;
  showLock: boolean;
  showSearch: boolean;
  showCollapse: boolean;
  showMenu: boolean;
}
export type SettingKey = keyof SettingFlags;

/** The eight switches of the settings drawer, in order. */
export const SETTING_SWITCHES: SettingKey[] = ['showTag', 'showDebug', 'showTheme', 'showColor', 'showFullScren', 'showLock', 'showSearch', 'showCollapse'];

export const DEFAULT_SETTINGS: SettingFlags = {
  showTag: true, showDebug: true, showTheme: true, showColor: true, showFullScren: true, showLock: true, showSearch: true, showCollapse: true, showMenu: true,
};

export const THEMES = ['default', 'colourful', 'black', 'gradient'] as const;
export type ThemeName = (typeof THEMES)[number];

interface SettingsState extends SettingFlags {
  theme: ThemeName;
  color: string;
  collapsed: boolean;
  set: (key: SettingKey, on: boolean) => void;
  setTheme: (theme: ThemeName) => void;
  setColor: (color: string) => void;
  setCollapsed: (collapsed: boolean) => void;
}

/** Shell settings, theme and sidebar state, remembered in local storage. */
export const useSettings = create<SettingsState>()(
  persist(
    (set) => ({
      ...DEFAULT_SETTINGS,
      theme: 'default',
      color: DEFAULT_THEME_COLOR,
      collapsed: false,
      set: (key, on) => set({ [key]: on } as Partial<SettingFlags>),
      setTheme: (theme) => set({ theme }),
      setColor: (color) => set({ color }),
      setCollapsed: (collapsed) => set({ collapsed }),
    }),
    {
      name: 'settings',
      storage: productStateStorage('local'),
      // A flag stored as anything but a boolean counts as unset, so it is on.
      merge: (persisted, current) => {
        const stored = (persisted ?? {}) as Partial<SettingsState>;
        const out = { ...current };
        for (const key of Object.keys(DEFAULT_SETTINGS) as SettingKey[]) if (typeof stored[key] === 'boolean') out[key] = stored[key];
        if (stored.theme && THEMES.includes(stored.theme)) out.theme = stored.theme;
        if (typeof stored.color === 'string' && stored.color) out.color = stored.color;
        if (typeof stored.collapsed === 'boolean') out.collapsed = stored.collapsed;
        return out;
      },
    },
  ),
);
