import { useEffect, useLayoutEffect, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { useCurrentLanguage } from '../i18n/useCurrentLanguage';
import { applyPrimaryShades } from '../plain/primaryShades';
import type { SettingsStore } from '../settings/createSettingsStore';
import { AppServicesProvider, type AppServices } from './AppServices';
import { FeedbackHostLoader } from './FeedbackHostLoader';

export interface AppProps {
  services: AppServices;
  /** the screen: the router (<RouterProvider>, whose root brings antd: AntdScope), or the sign-in screen of a first visit (startShell) */
  children: ReactNode;
}

/**
 * The provider stack: i18n → services → feedback host and the screen. No antd here: the sign-in screen of a
 * first visit renders without it (docs/client-budgets.md); antd's provider (locale, theme) is AntdScope,
 * under the router's root and around each antd part shown before the router (feedback, sign-in dialogs).
 */
export function App({ services, children }: AppProps) {
  return (
    <I18nextProvider i18n={services.i18n}>
      <PageSettings settings={services.settings} />
      <AppServicesProvider services={services}>
        <FeedbackHostLoader feedback={services.feedback} />
        {children}
      </AppServicesProvider>
    </I18nextProvider>
  );
}

/**
 * What the page itself follows: <html lang> the interface language (spec 000 §1), the primary colour
 * (default #1890FF) as the CSS variables of the plain controls (antd's controls take it from AntdScope's
 * theme), and the colour-weak mode as a filter on <html>. Set before the paint, so nothing shows in the old ones.
 */
function PageSettings({ settings }: { settings: SettingsStore }) {
  const lang = useCurrentLanguage();
  const { primaryColor, colorWeak } = useSnapshot(settings.state);
  useLayoutEffect(() => {
    document.documentElement.lang = lang;
  }, [lang]);
  useLayoutEffect(() => applyPrimaryShades(document.documentElement.style, primaryColor), [primaryColor]);
  useEffect(() => {
    document.documentElement.classList.toggle('cl-color-weak', colorWeak);
  }, [colorWeak]);
  return null;
}
