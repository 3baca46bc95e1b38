import { useSyncExternalStore } from 'react';
import { theme as antTheme, type ThemeConfig } from 'antd';
import type { ThemeName } from './stores/settings';

/**
 * antd tokens of each theme; CSS under `html[data-theme]` does the backgrounds. With
 * `reducedMotion` (the system's 减少动态效果 / reduce motion setting) antd draws no animations:
 * modals, menus and popups appear at once.
 */
export function themeConfig(name: ThemeName, color: string, reducedMotion = false): ThemeConfig {
  const base: ThemeConfig = { token: { colorPrimary: color, motion: !reducedMotion }, cssVar: { key: 'canteen' } };
  switch (name) {
    case 'black':
      return { ...base, algorithm: antTheme.darkAlgorithm, components: { Layout: { headerBg: '#141414', siderBg: '#0a0a0a', bodyBg: '#000' }, Menu: { darkItemBg: '#0a0a0a', darkSubMenuItemBg: '#000' } } };
    case 'colourful':
      return { ...base, components: { Layout: { headerBg: 'transparent', siderBg: 'transparent' }, Menu: { darkItemBg: 'transparent', darkSubMenuItemBg: 'rgba(0,0,0,0.12)' } } };
    case 'gradient':
      return { ...base, components: { Layout: { headerBg: 'transparent', siderBg: 'transparent' }, Menu: { darkItemBg: 'transparent', darkSubMenuItemBg: 'rgba(0,0,0,0.15)' } } };
    default:
      return base;
  }
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';
const motionQuery = () => (typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(REDUCED_MOTION) : undefined);

/** Whether the user asked their system for less motion; follows the setting while the app runs. */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    (changed) => {
      const query = motionQuery();
      query?.addEventListener('change', changed);
      return () => query?.removeEventListener('change', changed);
    },
    () => motionQuery()?.matches ?? false,
  );
}
