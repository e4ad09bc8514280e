import type { i18n as I18n } from 'i18next';
import type { AccessChecker } from './access/createAccessChecker';
import { createDataProvider } from './data/createDataProvider';
import type { DataProvider } from './data/DataProvider';
import type { HttpClient } from './data/HttpClient';
import { dataResources } from './data/i18n';
import { FIELDS_NAMESPACE, fieldResources } from './fields/i18n';
import type { FieldRegistry } from './fields/createFieldRegistry';
import { createDefaultFieldRegistry } from './fields/defaultFields';
import { createDictSource } from './fields/dict/createDictSource';
import type { DictSource } from './fields/dict/DictSource';
import { assertModelHooks } from './hooks/assertModelHooks';
import { createHookRegistry, type HookRegistry } from './hooks/createHookRegistry';
import { createModelLoader } from './data/createModelLoader';
import type { ModelLoader } from './model/ModelLoader';
import { LANGS, type Lang, type ModelFile } from './model/types';
import { RENDER_NAMESPACE, renderResources } from './render/i18n';
import { createLazySchemaField } from './render/form/createLazySchemaField';
import { createScreenPrefetch } from './render/screen/createScreenPrefetch';
import type { ScreenRegistry } from './render/screen/createScreenRegistry';
import { createDefaultScreenRegistry } from './render/screen/defaultScreens';
import type { LiveSession, RuntimeInstance } from './RuntimeInstance';

export interface RuntimeOptions {
  http: HttpClient;
  /** the application's i18next instance; the runtime adds its namespaces 'render' and 'data' to it */
  i18n: I18n;
  access: AccessChecker;
  /** default: createModelLoader(http, current language) */
  models?: ModelLoader;
  /** default: a registry of the built-in widgets (createDefaultFieldRegistry()) */
  fields?: FieldRegistry;
  /** client hooks the models name (cell, action, formReaction); default: an empty registry */
  hooks?: HookRegistry;
  /** default: GET /sys/dict/queryAllDictItems once per runtime; the shell may pass its cached sysAllDictItems */
  dicts?: DictSource;
  /** the screen kinds; default: list, query, tree, treeTable and form (createDefaultScreenRegistry()) */
  screenKinds?: ScreenRegistry;
  /**
   * who is signed in, for the live sockets widgets open (the editable table's /vxeSocket): the user id
   * and the token sent as the subprotocol; default: nobody, so no widget opens a socket
   */
  liveSession?: () => LiveSession | null;
  /** default: createDataProvider; tests pass doubles here */
  createDataProvider?: (model: ModelFile, http: HttpClient) => DataProvider;
}

export type { LiveSession, RuntimeInstance, Translate } from './RuntimeInstance';

function currentLang(i18n: I18n): Lang {
  const language = i18n.resolvedLanguage ?? i18n.language;
  return (LANGS as readonly string[]).includes(language) ? (language as Lang) : 'zh-CN';
}

function addNamespace(i18n: I18n, namespace: string, resources: Partial<Record<Lang, object>>): void {
  for (const lang of LANGS) {
    const bundle = resources[lang];
    // deep merge, no overwrite: an application that already customised a text keeps it
    if (bundle) i18n.addResourceBundle(lang, namespace, bundle, true, false);
  }
}

/**
 * Builds one runtime: everything the generic renderer needs, as an instance (two runtimes can live side
 * by side, e.g. in one test). Mount it with <RuntimeProvider runtime={…}>.
 */
export function createRuntime(options: RuntimeOptions): RuntimeInstance {
  const { http, i18n, access } = options;
  addNamespace(i18n, RENDER_NAMESPACE, renderResources);
  addNamespace(i18n, 'data', dataResources as Partial<Record<Lang, object>>);
  addNamespace(i18n, FIELDS_NAMESPACE, fieldResources);

  const lang = () => currentLang(i18n);
  const fields = options.fields ?? createDefaultFieldRegistry();
  const buildProvider = options.createDataProvider ?? createDataProvider;
  const providers = new WeakMap<ModelFile, DataProvider>();
  const fixedT = i18n.getFixedT(null, RENDER_NAMESPACE);
  const hooks = options.hooks ?? createHookRegistry();
  const screenKinds = options.screenKinds ?? createDefaultScreenRegistry();
  const loader = options.models ?? createModelLoader(http, lang);
  // a model naming a client hook this runtime lacks fails to load, naming model, path and hook
  const models: ModelLoader = {
    load: async (id, signal) => {
      const served = await loader.load(id, signal);
      assertModelHooks(served, hooks);
      return served;
    },
    clear: () => loader.clear(),
  };
  const dataProviderFor = (model: ModelFile) => {
    let provider = providers.get(model);
    if (!provider) providers.set(model, (provider = buildProvider(model, http)));
    return provider;
  };

  return {
    http,
    i18n,
    t: (key, params) => String(fixedT(key, params as never)),
    lang,
    models,
    dataProviderFor,
    screens: createScreenPrefetch({ models, lang, dataProviderFor, screenKinds }),
    screenKinds,
    fields,
    hooks,
    access,
    liveSession: options.liveSession ?? (() => null),
    dicts: options.dicts ?? createDictSource(http),
    // Formily loads with the first form (createLazySchemaField), not with the runtime
    SchemaField: createLazySchemaField(fields),
  };
}
