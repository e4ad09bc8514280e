import type { Lang } from '../../../../runtime/model/types';
import type { AppServices } from '../../../../src/app/AppServices';
import { createAntdFeedback } from '../../../../src/app/createAntdFeedback';
import { createTestI18n } from './appI18n';
import { createLanguagePreference } from '../../../../src/i18n/languagePreference';
import { createSessionStore } from '../../../../src/session/createSessionStore';
import { createSettingsStore } from '../../../../src/settings/createSettingsStore';
import { createFakeHttp, type FakeHttp, type FakeRoutes } from './fakeHttp';

export type TestServices = AppServices & { http: FakeHttp };

/** Fresh storage, a fake http client and a real session store, i18n instance and (antd) feedback. */
export function createTestServices(routes: FakeRoutes = {}, lang: Lang = 'zh-CN'): TestServices {
  window.localStorage.clear();
  window.sessionStorage.clear();
  return {
    http: createFakeHttp(routes),
    session: createSessionStore({ local: window.localStorage, session: window.sessionStorage }),
    i18n: createTestI18n(lang),
    languagePreference: createLanguagePreference(window.localStorage),
    feedback: createAntdFeedback(),
    settings: createSettingsStore(window.localStorage),
  };
}
