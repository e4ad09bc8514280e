import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { createTestI18n } from '../helpers/appI18n';
import { applyDayjsLocale } from '../../../../src/i18n/dayjsLocale';
import { detectLanguage } from '../../../../src/i18n/detectLanguage';
import { createLanguagePreference } from '../../../../src/i18n/languagePreference';
import { loadedUiLocale, loadUiLocale } from '../../../../src/i18n/uiLocales';

describe('language detection (spec 000 §1)', () => {
  it('"A stored language preference always wins"', () => {
    expect(detectLanguage('en', 'zh-TW')).toBe('en');
    expect(detectLanguage('zh-TW', 'en-US')).toBe('zh-TW');
    expect(detectLanguage('zh-CN', 'en')).toBe('zh-CN');
  });

  it('ignores a stored value that is not a language of the product', () => {
    expect(detectLanguage('fr', 'en')).toBe('en');
    expect(detectLanguage('fr', 'en-US')).toBe('zh-CN');
  });

  it('"traditional Chinese if it contains \'tw\'"', () => {
    expect(detectLanguage(null, 'zh-TW')).toBe('zh-TW');
    expect(detectLanguage(null, 'zh-tw')).toBe('zh-TW');
    expect(detectLanguage(null, 'zhtw')).toBe('zh-TW');
  });

  it('"otherwise one of zh, en, zhtw if it matches": an exact match only', () => {
    expect(detectLanguage(null, 'zh-CN')).toBe('zh-CN');
    expect(detectLanguage(null, 'zh')).toBe('zh-CN');
    expect(detectLanguage(null, 'en')).toBe('en');
    expect(detectLanguage(null, 'EN')).toBe('en');
  });

  it("en-US and en-GB are not an exact match: zh (the issue's acceptance: en-US → zh)", () => {
    expect(detectLanguage(null, 'en-US')).toBe('zh-CN');
    expect(detectLanguage(null, 'EN-GB')).toBe('zh-CN');
  });

  it('"otherwise zh"', () => {
    expect(detectLanguage(null, 'fr-FR')).toBe('zh-CN');
    expect(detectLanguage(null, 'ja')).toBe('zh-CN');
    expect(detectLanguage(null, undefined)).toBe('zh-CN');
    expect(detectLanguage(null, '')).toBe('zh-CN');
  });

  it('keeps the preference under a prefixed key without expiry', () => {
    window.localStorage.clear();
    const preference = createLanguagePreference(window.localStorage);
    expect(preference.get()).toBeNull();
    preference.set('en');
    expect(JSON.parse(window.localStorage.getItem('cloudlab__lang')!)).toEqual({ value: 'en', expire: null });
    expect(createLanguagePreference(window.localStorage).get()).toBe('en');
  });
});

describe('app texts', () => {
  it('has the spec’s zh-CN wording, an English translation and a generated traditional version', () => {
    expect(createTestI18n('zh-CN').t('header.logoutConfirm')).toBe('真的要注销登录吗 ?');
    expect(createTestI18n('en').t('header.logoutConfirm')).toBe('Really log out?');
    expect(createTestI18n('zh-TW').t('product.name')).toBe('雲數字實驗室');
  });
});

describe('loadUiLocale', () => {
  it.each([
    ['zh-CN', '暂无数据'],
    ['en', 'No data'],
    ['zh-TW', '無此資料'],
  ] as const)('gives antd its %s texts, kept for AntdScope’s first render', async (lang, emptyText) => {
    const locale = await loadUiLocale(lang);
    expect(locale.Empty?.description).toBe(emptyText);
    expect(loadedUiLocale(lang)).toBe(locale);
  });
});

describe('applyDayjsLocale', () => {
  it.each([
    ['zh-CN', 'zh-cn', '星期一'],
    ['en', 'en', 'Monday'],
    ['zh-TW', 'zh-tw', '星期一'],
  ] as const)('switches dayjs to %s', async (lang, dayjsLocale, monday) => {
    await applyDayjsLocale(lang);
    expect(dayjs.locale()).toBe(dayjsLocale);
    expect(dayjs('2026-11-23').format('dddd')).toBe(monday);
  });
});
