import { proxy, subscribe } from 'valtio';
import { createPrefixedStorage } from '../session/createPrefixedStorage';
import { isThemeColor, THEME_COLORS } from './themeColors';

/** The layout settings of spec 000 §1 ("Settings cover layout theme, primary colour, layout mode, …"). */
export interface LayoutSettings {
  /** navigation theme; the spec's default is light */
  navTheme: 'light' | 'dark';
  primaryColor: string;
  /** side menu or top (horizontal) menu */
  layoutMode: 'sidemenu' | 'topmenu';
  /** fixed (centred, 1200 px) or fluid content width; applies to the top-menu layout */
  contentWidth: 'fixed' | 'fluid';
  fixedHeader: boolean;
  /** the colour-weak mode: the page through an inverting filter */
  colorWeak: boolean;
  /** the sidebar is open (desktop); mobile always starts closed */
  sidebarOpen: boolean;
  /** multi-page tabs (spec 000 §1: on) */
  multiTab: boolean;
}

export const DEFAULT_SETTINGS: LayoutSettings = {
  navTheme: 'light',
  primaryColor: THEME_COLORS[0].color,
  layoutMode: 'sidemenu',
  contentWidth: 'fixed',
  fixedHeader: false,
  colorWeak: false,
  sidebarOpen: true,
  multiTab: true,
};

const SETTINGS_KEY = 'layoutSettings';

export interface SettingsStore {
  /** a valtio proxy: useSnapshot in components */
  readonly state: LayoutSettings;
  update(patch: Partial<LayoutSettings>): void;
  reset(): void;
}

/** Only values this version knows survive a reload: a stored value of another shape falls back to the default. */
function sanitize(stored: Partial<Record<keyof LayoutSettings, unknown>> | null): LayoutSettings {
  const s = stored ?? {};
  const pick = <K extends keyof LayoutSettings>(key: K, valid: (value: unknown) => boolean): LayoutSettings[K] =>
    valid(s[key]) ? (s[key] as LayoutSettings[K]) : DEFAULT_SETTINGS[key];
  const isBool = (v: unknown) => typeof v === 'boolean';
  return {
    navTheme: pick('navTheme', (v) => v === 'light' || v === 'dark'),
    primaryColor: pick('primaryColor', isThemeColor),
    layoutMode: pick('layoutMode', (v) => v === 'sidemenu' || v === 'topmenu'),
    contentWidth: pick('contentWidth', (v) => v === 'fixed' || v === 'fluid'),
    fixedHeader: pick('fixedHeader', isBool),
    colorWeak: pick('colorWeak', isBool),
    sidebarOpen: pick('sidebarOpen', isBool),
    multiTab: pick('multiTab', isBool),
  };
}

/** Settings kept in localStorage ('cloudlab__layoutSettings', no expiry), written on every change. */
export function createSettingsStore(storage: Storage): SettingsStore {
  const store = createPrefixedStorage(storage);
  const state = proxy<LayoutSettings>(sanitize(store.get(SETTINGS_KEY)));
  subscribe(state, () => store.set(SETTINGS_KEY, { ...state }));
  return {
    state,
    update(patch) {
      Object.assign(state, patch);
    },
    reset() {
      Object.assign(state, DEFAULT_SETTINGS);
    },
  };
}
