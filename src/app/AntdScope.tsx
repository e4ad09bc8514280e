import { ConfigProvider } from 'antd';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import type { Lang } from '../../runtime/model/types';
import { loadedUiLocale, loadUiLocale, type AntdLocale } from '../i18n/uiLocales';
import { useCurrentLanguage } from '../i18n/useCurrentLanguage';
import { antdThemeFor } from './antdTheme';
import { useAppServices } from './AppServices';
// antd's styles of the first screens, prerendered by the build for the default theme (scripts/antdStylesPlugin.ts);
// a stylesheet of this chunk, so it has applied before antd first renders (docs/client-budgets.md rule 9)
import 'virtual:antd-first-screen.css';

export interface AntdScopeProps {
  children: ReactNode;
  /** shown (themed) until antd's texts for the interface language have first arrived; nothing by default */
  fallback?: ReactNode;
}

/**
 * antd's provider: its texts follow the interface language (spec 000 §1; dayjs's do under the router:
 * RootLayout) and its theme the primary colour of the settings drawer. Not part of the sign-in route
 * (docs/client-budgets.md): the router's root renders it, and so does each antd part the sign-in screen may
 * show before the router (the feedback host, the dialogs after signing in). Its children wait for antd's
 * texts (startShell loads them with the router), so that antd never speaks English to a Chinese user.
 */
export function AntdScope({ children, fallback = null }: AntdScopeProps) {
  const { settings } = useAppServices();
  const { primaryColor } = useSnapshot(settings.state);
  const { locale, ready } = useUiLocale(useCurrentLanguage());
  const theme = useMemo(() => antdThemeFor(primaryColor), [primaryColor]);
  return (
    <ConfigProvider locale={locale} theme={theme}>
      {ready ? children : fallback}
    </ConfigProvider>
  );
}

/** antd's texts for `lang`; on a switch the previous ones stay until the new ones arrive; ready once loaded or failed. */
function useUiLocale(lang: Lang): { locale: AntdLocale | undefined; ready: boolean } {
  const [state, setState] = useState(() => {
    const locale = loadedUiLocale(lang);
    return { locale, ready: locale !== undefined };
  });
  useEffect(() => {
    let live = true;
    void loadUiLocale(lang).then(
      (locale) => live && setState({ locale, ready: true }),
      // a locale chunk that fails to load leaves antd in English, not the screen blank
      () => live && setState((s) => ({ ...s, ready: true })),
    );
    return () => {
      live = false;
    };
  }, [lang]);
  return state;
}
