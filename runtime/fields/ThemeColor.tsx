import { CheckOutlined } from '@ant-design/icons';
import { connect, mapProps, mapReadPretty } from '@formily/react';
import { ColorPicker, Space, Tooltip } from 'antd';
import { THEME_COLORS } from '../format/themeColors';
import { useFieldText } from './useFieldText';

export interface ThemeColorProps {
  /** a colour '#RRGGBB' */
  value?: string;
  onChange?: (value: string) => void;
  /** besides the eight presets, any colour from a picker (default true) */
  custom?: boolean;
  disabled?: boolean;
}

const HEX = /^#[0-9A-Fa-f]{6}$/;
const same = (a: string | undefined, b: string) => a?.toUpperCase() === b.toUpperCase();

function Swatch({ color, chosen, label, disabled, onPick }: { color: string; chosen: boolean; label: string; disabled?: boolean; onPick?: () => void }) {
  return (
    <Tooltip title={label}>
      <span
        role="radio"
        aria-checked={chosen}
        aria-label={label}
        aria-disabled={disabled || undefined}
        tabIndex={disabled ? -1 : 0}
        onClick={disabled ? undefined : onPick}
        onKeyDown={(event) => !disabled && (event.key === 'Enter' || event.key === ' ') && onPick?.()}
        style={{
          display: 'inline-flex',
          alignItems: 'center',
          justifyContent: 'center',
          width: 20,
          height: 20,
          borderRadius: 2,
          background: color,
          color: '#fff',
          cursor: disabled ? 'not-allowed' : 'pointer',
          opacity: disabled ? 0.5 : 1,
        }}
      >
        {chosen ? <CheckOutlined style={{ fontSize: 12 }} /> : null}
      </span>
    </Tooltip>
  );
}

/** The theme colour switcher as a field (spec 000 §2): the eight presets, or a colour of one's own. */
function ThemeColorInput({ value, onChange, custom = true, disabled }: ThemeColorProps) {
  const t = useFieldText();
  const preset = THEME_COLORS.find((item) => same(value, item.color));
  return (
    <Space size={8} role="radiogroup" aria-label={t('themeColor.label')} wrap>
      {THEME_COLORS.map((item) => (
        <Swatch
          key={item.key}
          color={item.color}
          chosen={preset === item}
          label={t(`themeColor.${item.key}`)}
          disabled={disabled}
          onPick={() => onChange?.(item.color)}
        />
      ))}
      {custom && (
        <ColorPicker
          size="small"
          disabledAlpha
          disabled={disabled}
          value={value && HEX.test(value) ? value : undefined}
          onChangeComplete={(color) => onChange?.(color.toHexString().toUpperCase())}
          showText={preset || !value ? undefined : () => value}
        />
      )}
    </Space>
  );
}

function ThemeColorView({ value }: Pick<ThemeColorProps, 'value'>) {
  const t = useFieldText();
  if (!value) return null;
  const preset = THEME_COLORS.find((item) => same(value, item.color));
  return (
    <Space size={6}>
      <Swatch color={value} chosen={false} label={preset ? t(`themeColor.${preset.key}`) : value} />
      <span>{preset ? t(`themeColor.${preset.key}`) : value.toUpperCase()}</span>
    </Space>
  );
}

/** A colour field over the shell's theme presets; read-only it shows the swatch and its name. */
export const ThemeColor = connect(
  ThemeColorInput,
  mapProps((props: ThemeColorProps) => ({ ...props, value: typeof props.value === 'string' ? props.value : undefined })),
  mapReadPretty(ThemeColorView),
);
