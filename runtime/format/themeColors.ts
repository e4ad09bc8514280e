/**
 * Spec 000 §1: eight theme colour presets, #1890FF the default. The names are Ant Design Pro's (and the
 * original product's), kept as i18n keys under settings.colors.
 */
export const THEME_COLORS = [
  { key: 'daybreak', color: '#1890FF' },
  { key: 'dust', color: '#F5222D' },
  { key: 'volcano', color: '#FA541C' },
  { key: 'sunset', color: '#FAAD14' },
  { key: 'cyan', color: '#13C2C2' },
  { key: 'green', color: '#52C41A' },
  { key: 'geekblue', color: '#2F54EB' },
  { key: 'purple', color: '#722ED1' },
] as const;

export type ThemeColorKey = (typeof THEME_COLORS)[number]['key'];

export function isThemeColor(value: unknown): value is string {
  return THEME_COLORS.some((preset) => preset.color === value);
}
