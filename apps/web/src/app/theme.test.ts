import { describe, expect, it } from 'vitest';
import { themeConfig } from './theme';

describe('themeConfig', () => {
  it('turns antd\'s animations off for a user who asks their system for less motion, and keeps them otherwise', () => {
    expect(themeConfig('default', '#409EFF').token).toMatchObject({ colorPrimary: '#409EFF', motion: true });
    expect(themeConfig('black', '#409EFF', true).token).toMatchObject({ motion: false });
  });
});
