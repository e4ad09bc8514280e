import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { LANGS, type Lang } from '../runtime/model/types';
import { App } from './app/App';
import type { AppServices } from './app/AppServices';
import { createAntdFeedback } from './app/createAntdFeedback';
import { createLazyHttpClient } from './app/createLazyHttpClient';
import { errorMessageOf } from './app/errorMessageOf';
import { scaleRootFont } from './app/scaleRootFont';
import { startShell } from './app/startShell';
import { loadAppTexts } from './i18n/appTexts';
import { createAppI18n } from './i18n/createAppI18n';
import { detectLanguage, isLang } from './i18n/detectLanguage';
import { createLanguagePreference } from './i18n/languagePreference';
import { loadUiLocale } from './i18n/uiLocales';
import type { GuardDeps } from './routing/runNavigationGuard';
import { createSessionStore } from './session/createSessionStore';
import { MissingMenuError } from './session/loadPermissions';
import { logout } from './session/logout';
import { createSettingsStore } from './settings/createSettingsStore';
import './styles/global.css';

scaleRootFont();

// Everything the app shares is built here, once, and handed down through AppServices (no module singletons).
const languagePreference = createLanguagePreference(window.localStorage);
const startLang = detectLanguage(languagePreference.get(), window.navigator.language);
const i18n = createAppI18n(startLang);
const session = createSessionStore({ local: window.localStorage, session: window.sessionStorage });
const settings = createSettingsStore(window.localStorage);
// every sign-out of the error catalogue informs the server (POST /sys/logout) and completes even when that fails;
// `http` is declared below: the catalogue only signs out after a request, when it exists
const feedback = createAntdFeedback({
  signOut: () => logout(http, session),
  reload: () => window.location.reload(),
});
const http = createLazyHttpClient(async () => {
  const { createHttpClient, dataResources } = await import('./app/httpClientParts');
  // the error catalogue speaks before the runtime (which adds the same bundle) exists
  for (const lang of LANGS) i18n.addResourceBundle(lang, 'data', dataResources[lang], true, false);
  return createHttpClient({
    getToken: () => session.state.token,
    getTenantId: () => session.state.tenantId,
    getLang: (): Lang => (isLang(i18n.language) ? i18n.language : 'zh-CN'),
    feedback,
    t: (key, params) => i18n.t(key, { ns: 'data', ...params }),
    // a dictionary changed (here or by someone else): the cached sysAllDictItems are read again when next used
    onDictVersion: (version) => session.noteDictVersion(version),
  });
});
const services: AppServices = { session, http, i18n, languagePreference, feedback, settings };

const guardDeps: GuardDeps = {
  session,
  http,
  onPermissionsFailed(error) {
    const reason = error instanceof MissingMenuError ? i18n.t('errors.menuMissing') : (errorMessageOf(error) ?? i18n.t('errors.loadPermissionsFailed'));
    feedback.notify('error', i18n.t('common.systemTip'), reason);
  },
};

// the shell's texts in the starting language only (the others load on a switch): the guard may already speak,
// so the first screen waits for them; a signed-in visit's downloads start meanwhile (startShell)
const initialTexts = loadAppTexts(i18n, startLang).catch(() => undefined);
const currentLang = (): Lang => (isLang(i18n.language) ? i18n.language : startLang);
const root = createRoot(document.getElementById('root')!);
void startShell(
  (screen: ReactNode) =>
    root.render(
      <StrictMode>
        <App services={services}>{screen}</App>
      </StrictMode>,
    ),
  guardDeps,
  {
    ready: initialTexts,
    lang: currentLang,
    // antd's texts come with the router (whose screens are antd's), in the language of that moment: without
    // them antd would speak English until they arrive. The sign-in screen of a first visit needs none.
    withRouter: () => loadUiLocale(currentLang()).catch(() => undefined),
  },
);
