import { CheckOutlined } from '@ant-design/icons';
import { Button, Divider, Drawer, List, Radio, Switch, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppServices } from '../app/AppServices';
import type { LayoutSettings } from './createSettingsStore';
import { THEME_COLORS } from './themeColors';
import { useSettings } from './useSettings';

/**
 * Spec 000 §1 settings: layout theme, primary colour (eight presets), layout mode, content width, fixed
 * header, weak mode and sidebar state. Every change applies at once and is kept locally.
 */
export function SettingsDrawer({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const { settings: store } = useAppServices();
  const settings = useSettings();
  const set = (patch: Partial<LayoutSettings>) => store.update(patch);

  // the label keeps to one line; a control with no room beside it goes below (导航模式's two buttons leave a
  // 300 px drawer too little width for the label, which otherwise broke after every character)
  const row = (label: string, control: ReactNode) => (
    <List.Item actions={[control]} style={{ flexWrap: 'wrap', rowGap: 4 }} styles={{ actions: { marginInlineStart: 'auto' } }}>
      <span style={{ whiteSpace: 'nowrap' }}>{label}</span>
    </List.Item>
  );
  /** a small button group choosing one of `options` ([value, text key]) for a setting */
  const choice = <K extends 'layoutMode' | 'contentWidth'>(key: K, options: [LayoutSettings[K], string][]) => (
    <Radio.Group
      aria-label={t(`settings.${key}`)}
      size="small"
      optionType="button"
      value={settings[key]}
      options={options.map(([value, label]) => ({ value, label: t(label) }))}
      onChange={(e) => set({ [key]: e.target.value as LayoutSettings[K] })}
    />
  );

  return (
    <Drawer open={open} onClose={onClose} title={t('settings.title')} width={300} destroyOnHidden>
      <h4>{t('settings.navTheme')}</h4>
      {/* small, as the other choices: at the default size English's two buttons did not fit one line */}
      <Radio.Group
        aria-label={t('settings.navTheme')}
        size="small"
        value={settings.navTheme}
        optionType="button"
        options={[
          { value: 'light', label: t('settings.light') },
          { value: 'dark', label: t('settings.dark') },
        ]}
        onChange={(e) => set({ navTheme: e.target.value as LayoutSettings['navTheme'] })}
      />
      <Divider />
      <h4>{t('settings.primaryColor')}</h4>
      <div role="radiogroup" aria-label={t('settings.primaryColor')} style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
        {THEME_COLORS.map((preset) => {
          const chosen = settings.primaryColor === preset.color;
          const name = t(`settings.colors.${preset.key}`);
          return (
            <Tooltip key={preset.key} title={name}>
              <button
                type="button"
                role="radio"
                aria-checked={chosen}
                aria-label={name}
                onClick={() => set({ primaryColor: preset.color })}
                style={{ width: 24, height: 24, border: 0, borderRadius: 4, cursor: 'pointer', background: preset.color, color: '#fff', padding: 0 }}
              >
                {chosen && <CheckOutlined />}
              </button>
            </Tooltip>
          );
        })}
      </div>
      <Divider />
      <h4>{t('settings.navigation')}</h4>
      <List split={false} size="small">
        {row(
          t('settings.layoutMode'),
          choice('layoutMode', [
            ['sidemenu', 'settings.sideMenu'],
            ['topmenu', 'settings.topMenu'],
          ]),
        )}
        {row(
          t('settings.contentWidth'),
          choice('contentWidth', [
            ['fixed', 'settings.fixed'],
            ['fluid', 'settings.fluid'],
          ]),
        )}
        {row(
          t('settings.fixedHeader'),
          <Switch aria-label={t('settings.fixedHeader')} size="small" checked={settings.fixedHeader} onChange={(fixedHeader) => set({ fixedHeader })} />,
        )}
        {row(
          t('settings.sidebarOpen'),
          <Switch aria-label={t('settings.sidebarOpen')} size="small" checked={settings.sidebarOpen} onChange={(sidebarOpen) => set({ sidebarOpen })} />,
        )}
        {row(
          t('settings.multiTab'),
          <Switch aria-label={t('settings.multiTab')} size="small" checked={settings.multiTab} onChange={(multiTab) => set({ multiTab })} />,
        )}
      </List>
      <Divider />
      <h4>{t('settings.other')}</h4>
      <List split={false} size="small">
        {row(
          t('settings.colorWeak'),
          <Switch aria-label={t('settings.colorWeak')} size="small" checked={settings.colorWeak} onChange={(colorWeak) => set({ colorWeak })} />,
        )}
      </List>
      <Divider />
      <Button block onClick={() => store.reset()}>
        {t('settings.reset')}
      </Button>
    </Drawer>
  );
}
