import type { ThemeConfig } from 'antd';

/**
 * antd's theme for a primary colour of the settings drawer (spec 000 §1). One function for AntdScope and for the
 * build's prerendered stylesheet (scripts/antdFirstScreenStyles.ts): antd finds a component's styles in that
 * stylesheet only when its theme tokens are exactly these.
 */
export function antdThemeFor(primaryColor: string): ThemeConfig {
  return { token: { colorPrimary: primaryColor, colorInfo: primaryColor, colorLink: primaryColor } };
}
