import { describe, expect, it } from 'vitest';
import { addMessages, i18n } from './index';

describe('addMessages', () => {
  it('adds a bundle in both languages under its key', () => {
    addMessages('i18nTest', { greeting: '你好', nested: { bye: '再见' } }, { greeting: 'Hello', nested: { bye: 'Goodbye' } });
    expect(i18n.getFixedT('zh-CN')('i18nTest.nested.bye')).toBe('再见');
    expect(i18n.getFixedT('en-US')('i18nTest.greeting')).toBe('Hello');
  });

  it('types the English bundle by the Chinese one (checked by the typecheck)', () => {
    // @ts-expect-error: a key missing in English
    addMessages('i18nTypes', { a: '甲', b: '乙' }, { a: 'A' });
    // @ts-expect-error: a nested key missing in English
    addMessages('i18nTypes', { group: { a: '甲', b: '乙' } }, { group: { a: 'A' } });
    // @ts-expect-error: a key English has and Chinese has not
    addMessages('i18nTypes', { a: '甲' }, { a: 'A', b: 'B' });
    // @ts-expect-error: a group where Chinese has a text
    addMessages('i18nTypes', { a: '甲' }, { a: { b: 'B' } });
    expect(i18n.exists('i18nTypes.a')).toBe(true);
  });
});
