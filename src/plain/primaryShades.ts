import { THEME_COLORS } from '../settings/themeColors';

/** The tokens antd derives from a primary colour that the plain controls use (antd's names). */
export interface PrimaryShades {
  colorPrimary: string;
  colorPrimaryHover: string;
  colorPrimaryActive: string;
  /** the focus ring of a button */
  colorPrimaryBorder: string;
  /** the glow of a focused input and the shadow under a primary button */
  controlOutline: string;
  colorLinkHover: string;
  colorLinkActive: string;
}

type PresetColor = (typeof THEME_COLORS)[number]['color'];

/**
 * What antd's theme makes of each preset primary colour (spec 000 §1: the primary colour is one of eight
 * presets) with the app's theme (colorPrimary = colorInfo = colorLink, AntdScope): its palette algorithm
 * would be ~3 KB gzip on the sign-in route for eight answers that never change.
 * tests/unit/src/plain/primaryShades.test.ts holds each to antd's theme.getDesignToken.
 */
export const PRIMARY_SHADES: Record<PresetColor, PrimaryShades> = {
  '#1890FF': shades('#1890ff', '#40a9ff', '#096dd9', '#91d5ff', 'rgba(5,175,255,0.1)', '#69c0ff'),
  '#F5222D': shades('#f5222d', '#ff4d4f', '#cf1322', '#ffa39e', 'rgba(255,22,5,0.06)', '#ff7875'),
  '#FA541C': shades('#fa541c', '#ff7a45', '#d4380d', '#ffbb96', 'rgba(255,125,25,0.1)', '#ff9c6e'),
  '#FAAD14': shades('#faad14', '#ffc53d', '#d48806', '#ffe58f', 'rgba(255,215,5,0.1)', '#ffd666'),
  '#13C2C2': shades('#13c2c2', '#36cfc9', '#08979c', '#87e8de', 'rgba(5,255,215,0.1)', '#5cdbd3'),
  '#52C41A': shades('#52c41a', '#73d13d', '#389e0d', '#b7eb8f', 'rgba(142,255,30,0.08)', '#95de64'),
  '#2F54EB': shades('#2f54eb', '#597ef7', '#1d39c4', '#adc6ff', 'rgba(5,88,255,0.06)', '#85a5ff'),
  '#722ED1': shades('#722ed1', '#9254de', '#531dab', '#d3adf7', 'rgba(155,5,255,0.06)', '#b37feb'),
};

// a link's active colour is the primary's: colorLink is the primary colour
function shades(primary: string, hover: string, active: string, border: string, outline: string, linkHover: string): PrimaryShades {
  return {
    colorPrimary: primary,
    colorPrimaryHover: hover,
    colorPrimaryActive: active,
    colorPrimaryBorder: border,
    controlOutline: outline,
    colorLinkHover: linkHover,
    colorLinkActive: active,
  };
}

const CSS_VARIABLES: Record<keyof PrimaryShades, string> = {
  colorPrimary: '--cl-color-primary',
  colorPrimaryHover: '--cl-color-primary-hover',
  colorPrimaryActive: '--cl-color-primary-active',
  colorPrimaryBorder: '--cl-color-primary-border',
  controlOutline: '--cl-control-outline',
  colorLinkHover: '--cl-color-link-hover',
  colorLinkActive: '--cl-color-link-active',
};

/**
 * Sets the CSS variables the plain controls are drawn with (plainControls.css) to the shades of `color`
 * (a preset; anything else, which the settings store never holds, gives the default's).
 */
export function applyPrimaryShades(style: CSSStyleDeclaration, color: string): void {
  const chosen = PRIMARY_SHADES[color as PresetColor] ?? PRIMARY_SHADES[THEME_COLORS[0].color];
  for (const [token, variable] of Object.entries(CSS_VARIABLES)) style.setProperty(variable, chosen[token as keyof PrimaryShades]);
}
