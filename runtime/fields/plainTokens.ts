/**
 * antd 5's default-theme values of the neutral tokens that controls drawn without antd use (the slider
 * verification, which the sign-in route shows before antd loads: docs/client-budgets.md). The app's theme
 * changes only the primary colour, so these are what antd's useToken answers everywhere in it;
 * tests/unit/runtime/fields/plainTokens.test.ts holds them to antd's own.
 */
export const PLAIN_TOKENS = {
  colorBgContainer: '#ffffff',
  colorBorder: '#d9d9d9',
  colorFillTertiary: 'rgba(0,0,0,0.04)',
  colorSuccess: '#52c41a',
  colorSuccessBg: '#f6ffed',
  colorTextSecondary: 'rgba(0,0,0,0.65)',
  borderRadius: 6,
  fontSize: 14,
} as const;
