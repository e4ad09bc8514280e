import { ConfigProvider } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { loadUiLocale, type AntdLocale } from '../i18n/uiLocales';
import { useCurrentLanguage } from '../i18n/useCurrentLanguage';
import { AppServicesProvider, type AppServices } from './AppServices';
import { PRIMARY_COLOR } from './constants';
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
      <LocalizedAntd initialLocale={initialLocale}>
        <FeedbackHostLoader feedback={services.feedback} />
        <AppServicesProvider services={services}>{children}</AppServicesProvider>
      </LocalizedAntd>
    </I18nextProvider>
  );
}

/** antd and dayjs follow the interface language (spec 000 §1); primary colour #1890FF (§1). */
function LocalizedAntd({ initialLocale, children }: { initialLocale: AntdLocale | undefined; children: ReactNode }) {
  const lang = useCurrentLanguage();
  const [locale, setLocale] = useState(initialLocale);
  useEffect(() => {
    let live = true;
    void loadUiLocale(lang).then((loaded) => live && setLocale(loaded));
    return () => {
      live = false;
    };
  }, [lang]);
  return (
    <ConfigProvider locale={locale} theme={{ token: { colorPrimary: PRIMARY_COLOR } }}>
      {children}
    </ConfigProvider>
  );
}
