// the presets live in the runtime since the ThemeColor field shows them too
export { THEME_COLORS, isThemeColor, type ThemeColorKey } from '../../runtime/format/themeColors';
