import { describe, expect, it } from 'vitest';
import { createSettingsStore, DEFAULT_SETTINGS } from '../../../../src/settings/createSettingsStore';
import { THEME_COLORS } from '../../../../src/settings/themeColors';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('layout settings (spec 000 §1)', () => {
  it('starts with the spec defaults: #1890FF, light navigation, side menu, fixed width, tabs on', () => {
    window.localStorage.clear();
    expect(createSettingsStore(window.localStorage).state).toEqual(DEFAULT_SETTINGS);
    expect(DEFAULT_SETTINGS).toMatchObject({ primaryColor: '#1890FF', navTheme: 'light', layoutMode: 'sidemenu', contentWidth: 'fixed', multiTab: true });
    expect(THEME_COLORS).toHaveLength(8);
  });

  it('keeps every change locally and reads it back after a reload', async () => {
    window.localStorage.clear();
    createSettingsStore(window.localStorage).update({ primaryColor: '#722ED1', layoutMode: 'topmenu', colorWeak: true, sidebarOpen: false });
    await flush();
    expect(createSettingsStore(window.localStorage).state).toMatchObject({
      primaryColor: '#722ED1',
      layoutMode: 'topmenu',
      colorWeak: true,
      sidebarOpen: false,
    });
  });

  it('ignores stored values it does not know (another version, a hand edit)', () => {
    window.localStorage.clear();
    window.localStorage.setItem(
      'cloudlab__layoutSettings',
      JSON.stringify({ value: { primaryColor: 'red', layoutMode: 'weird', fixedHeader: true }, expire: null }),
    );
    expect(createSettingsStore(window.localStorage).state).toMatchObject({ primaryColor: '#1890FF', layoutMode: 'sidemenu', fixedHeader: true });
  });
});
