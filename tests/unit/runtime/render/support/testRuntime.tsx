import { render } from '@testing-library/react';
import { createInstance, type i18n as I18n } from 'i18next';
import type { ReactElement } from 'react';
import { createRuntime, type RuntimeInstance, type RuntimeOptions } from '../../../../../runtime/createRuntime';
import type { DataProvider } from '../../../../../runtime/data/DataProvider';
import type { HttpClient } from '../../../../../runtime/data/HttpClient';
import { staticDictSource } from '../../../../../runtime/fields/dict/createDictSource';
import type { ModelLoader } from '../../../../../runtime/model/ModelLoader';
import type { Lang, ServedModel } from '../../../../../runtime/model/types';
import { RuntimeProvider } from '../../../../../runtime/render/RuntimeProvider';

export const TEST_DICTS = {
  enabled_state: [
    { value: '1', text: '启用', color: 'green' },
    { value: '0', text: '禁用', color: 'red' },
  ],
};

/** An HttpClient that must not be reached: renderer tests talk to data providers and loaders only. */
export const unreachableHttp: HttpClient = new Proxy({} as HttpClient, {
  get: (_target, method) => () => Promise.reject(new Error(`unexpected http.${String(method)} in a renderer test`)),
});

export function testI18n(lang: Lang = 'zh-CN'): I18n {
  const i18n = createInstance();
  void i18n.init({ lng: lang, fallbackLng: 'zh-CN', resources: {}, initAsync: false, interpolation: { escapeValue: false }, showSupportNotice: false });
  return i18n;
}

/** A loader over fixed served models. */
export function testModels(...models: ServedModel[]): ModelLoader & { load: ModelLoader['load'] } {
  const byId = new Map(models.map((served) => [served.model.id, served]));
  return {
    load: async (id) => {
      const served = byId.get(id);
      if (!served) throw new Error(`no test model ${id}`);
      return served;
    },
    clear: () => undefined,
  };
}

export interface TestRuntimeOptions extends Partial<RuntimeOptions> {
  /** permission codes the user holds; default: all */
  grants?: string[] | 'all';
  /** model id -> data provider */
  providers?: Record<string, DataProvider>;
  lang?: Lang;
}

export function testRuntime(options: TestRuntimeOptions = {}): RuntimeInstance {
  const grants = options.grants ?? 'all';
  return createRuntime({
    http: unreachableHttp,
    i18n: options.i18n ?? testI18n(options.lang),
    access: { has: (code) => grants === 'all' || grants.includes(code), subActions: () => [] },
    dicts: staticDictSource(TEST_DICTS),
    models: options.models ?? testModels(),
    createDataProvider: (model) => {
      const provider = options.providers?.[model.id];
      if (!provider) throw new Error(`no test data provider for ${model.id}`);
      return provider;
    },
    ...options,
  });
}

export function renderWithRuntime(ui: ReactElement, runtime: RuntimeInstance) {
  return render(<RuntimeProvider runtime={runtime}>{ui}</RuntimeProvider>);
}
