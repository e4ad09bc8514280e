import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { applyPrimaryShades, PRIMARY_SHADES, type PrimaryShades } from '../../../../src/plain/primaryShades';
import { THEME_COLORS } from '../../../../src/settings/themeColors';

describe('the primary colour’s shades for the plain controls', () => {
  it.each(THEME_COLORS.map((preset) => [preset.key, preset.color] as const))(
    '%s (%s): what antd’s theme derives from it, as AntdScope sets it',
    (_key, color) => {
      const antd = theme.getDesignToken({ token: { colorPrimary: color, colorInfo: color, colorLink: color } });
      const ours = PRIMARY_SHADES[color];
      const names = Object.keys(ours) as (keyof PrimaryShades)[];
      expect(Object.fromEntries(names.map((name) => [name, antd[name]]))).toEqual(ours);
    },
  );

  it('sets them as the CSS variables of plainControls.css, the default’s for a colour that is not a preset', () => {
    const style = document.createElement('div').style;
    applyPrimaryShades(style, '#722ED1');
    expect(style.getPropertyValue('--cl-color-primary')).toBe('#722ed1');
    expect(style.getPropertyValue('--cl-color-link-hover')).toBe('#b37feb');
    applyPrimaryShades(style, '#123456');
    expect(style.getPropertyValue('--cl-color-primary')).toBe('#1890ff');
    expect(style.getPropertyValue('--cl-control-outline')).toBe('rgba(5,175,255,0.1)');
  });
});
