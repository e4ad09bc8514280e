// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createAppI18n } from '../../src/i18n/createAppI18n';
import en from '../../src/i18n/en.json';
import zhCN from '../../src/i18n/zh-CN.json';
import zhTW from '../../src/i18n/zh-TW.json';

// The home page's figures read "1 records" in English: a count's unit must follow the count.
describe('counted units in the shell texts', () => {
  const texts = { 'zh-CN': zhCN, en, 'zh-TW': zhTW };

  it('English says one record and several records', () => {
    const i18n = createAppI18n('en', {}, texts);
    expect(i18n.t('home.recordsUnit', { count: 1 })).toBe('record');
    expect(i18n.t('home.recordsUnit', { count: 0 })).toBe('records');
    expect(i18n.t('home.recordsUnit', { count: 12 })).toBe('records');
  });

  it('Chinese has one unit whatever the count', () => {
    for (const count of [1, 12]) {
      expect(createAppI18n('zh-CN', {}, texts).t('home.recordsUnit', { count })).toBe('条');
      expect(createAppI18n('zh-TW', {}, texts).t('home.recordsUnit', { count })).toBe('條');
    }
  });
});
