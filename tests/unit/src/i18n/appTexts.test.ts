import { describe, expect, it } from 'vitest';
import { loadAppTexts } from '../../../../src/i18n/appTexts';
import { APP_NS, createAppI18n } from '../../../../src/i18n/createAppI18n';

describe('the shell texts, one language at a time', () => {
  it('loads only the language asked for, and a later language on demand', async () => {
    const i18n = createAppI18n('zh-CN');
    await loadAppTexts(i18n, 'zh-CN');
    expect(i18n.t('header.logoutConfirm')).toBe('真的要注销登录吗 ?');
    expect(i18n.hasResourceBundle('en', APP_NS)).toBe(false);
    expect(i18n.hasResourceBundle('zh-TW', APP_NS)).toBe(false);

    await loadAppTexts(i18n, 'en');
    await i18n.changeLanguage('en');
    expect(i18n.t('header.logoutConfirm')).toBe('Really log out?');
    expect(i18n.hasResourceBundle('zh-TW', APP_NS)).toBe(false);
  });
});
