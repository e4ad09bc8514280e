import type { i18n as I18n } from 'i18next';
import { createContext, useContext, type ReactNode } from 'react';
import type { HttpClient } from '../../runtime/data/HttpClient';
import type { LanguagePreference } from '../i18n/languagePreference';
import type { SessionStore } from '../session/createSessionStore';
import type { SettingsStore } from '../settings/createSettingsStore';
import type { AntdFeedback } from './createAntdFeedback';

/** What main.tsx builds once and every screen of the shell uses; tests pass fakes. */
export interface AppServices {
  session: SessionStore;
  http: HttpClient;
  i18n: I18n;
  languagePreference: LanguagePreference;
  /** toasts, notifications and confirms (also the http client's error catalogue) */
  feedback: AntdFeedback;
  /** the layout settings drawer's choices (theme colour, layout mode, …), kept locally */
  settings: SettingsStore;
}

const AppServicesContext = createContext<AppServices | null>(null);

export function AppServicesProvider({ services, children }: { services: AppServices; children: ReactNode }) {
  return <AppServicesContext.Provider value={services}>{children}</AppServicesContext.Provider>;
}

export function useAppServices(): AppServices {
  const services = useContext(AppServicesContext);
  if (!services) throw new Error('useAppServices: wrap the tree in <AppServicesProvider>');
  return services;
}
