import { ConfigProvider } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { loadUiLocale, type AntdLocale } from '../i18n/uiLocales';
import { useCurrentLanguage } from '../i18n/useCurrentLanguage';
import { AppServicesProvider, type AppServices } from './AppServices';
import type { SettingsStore } from '../settings/createSettingsStore';
import { FeedbackHostLoader } from './FeedbackHostLoader';

export interface AppProps {
  services: AppServices;
  /** antd's texts for the starting language, loaded before the first render (main.tsx) */
  initialLocale?: AntdLocale;
  /** the screen: the router (<RouterProvider>), or the sign-in screen of a first visit (startShell) */
  children: ReactNode;
}

/** The provider stack: i18n → antd (locale, theme) → feedback host → services → the screen. */
export function App({ services, initialLocale, children }: AppProps) {
  return (
    <I18nextProvider i18n={services.i18n}>
      <LocalizedAntd initialLocale={initialLocale} settings={services.settings}>
        <FeedbackHostLoader feedback={services.feedback} />
        <AppServicesProvider services={services}>{children}</AppServicesProvider>
      </LocalizedAntd>
    </I18nextProvider>
  );
}

/**
 * antd follows the interface language (spec 000 §1; dayjs does under the router: RootLayout); the primary colour (default #1890FF) and the
 * colour-weak mode come from the settings drawer, through antd's theme tokens and a filter on <html>.
 */
function LocalizedAntd({ initialLocale, settings, children }: { initialLocale: AntdLocale | undefined; settings: SettingsStore; children: ReactNode }) {
  const lang = useCurrentLanguage();
  const { primaryColor, colorWeak } = useSnapshot(settings.state);
  useEffect(() => {
    document.documentElement.classList.toggle('cl-color-weak', colorWeak);
  }, [colorWeak]);
  const [locale, setLocale] = useState(initialLocale);
  useEffect(() => {
    let live = true;
    void loadUiLocale(lang).then((loaded) => live && setLocale(loaded));
    return () => {
      live = false;
    };
  }, [lang]);
  return (
    <ConfigProvider locale={locale} theme={{ token: { colorPrimary: primaryColor, colorInfo: primaryColor, colorLink: primaryColor } }}>
      {children}
    </ConfigProvider>
  );
}
