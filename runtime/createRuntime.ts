import { createSchemaField, type SchemaReactComponents } from '@formily/react';
import type { i18n as I18n } from 'i18next';
import type { AccessChecker } from './access/createAccessChecker';
import { createDataProvider } from './data/createDataProvider';
import type { DataProvider } from './data/DataProvider';
import type { HttpClient } from './data/HttpClient';
import { dataResources } from './data/i18n';
import type { FieldRegistry } from './fields/createFieldRegistry';
import { createDefaultFieldRegistry } from './fields/defaultFields';
import { createDictSource } from './fields/dict/createDictSource';
import type { DictSource } from './fields/dict/DictSource';
import { createHookRegistry, type HookRegistry } from './hooks/createHookRegistry';
import { createModelLoader } from './data/createModelLoader';
import type { ModelLoader } from './model/ModelLoader';
import { LANGS, type Lang, type ModelFile } from './model/types';
import { RENDER_NAMESPACE, renderResources } from './render/i18n';
import { installSafeCompiler } from './render/safeCompiler';
import { createScreenPrefetch, type ScreenPrefetch } from './render/screen/createScreenPrefetch';

/** A translate function bound to one namespace. */
export type Translate = (key: string, params?: Record<string, unknown>) => string;

export interface RuntimeOptions {
  http: HttpClient;
  /** the application's i18next instance; the runtime adds its namespaces 'render' and 'data' to it */
  i18n: I18n;
  access: AccessChecker;
  /** default: createModelLoader(http, current language) */
  models?: ModelLoader;
  /** default: a registry of the built-in widgets (createDefaultFieldRegistry()) */
  fields?: FieldRegistry;
  /** default: an empty hook registry */
  hooks?: HookRegistry;
  /** default: GET /sys/dict/queryAllDictItems once per runtime; the shell may pass its cached sysAllDictItems */
  dicts?: DictSource;
  /** default: createDataProvider; tests pass doubles here */
  createDataProvider?: (model: ModelFile, http: HttpClient) => DataProvider;
}

export interface RuntimeInstance {
  http: HttpClient;
  i18n: I18n;
  /** translate in the 'render' namespace, in the current language */
  t: Translate;
  /** the current language, one of LANGS */
  lang(): Lang;
  models: ModelLoader;
  /** one data provider per model object, built on first use */
  dataProviderFor(model: ModelFile): DataProvider;
  /** model screens started before their ModelPage renders (the shell starts the route's as soon as it knows it) */
  screens: ScreenPrefetch;
  fields: FieldRegistry;
  hooks: HookRegistry;
  access: AccessChecker;
  dicts: DictSource;
  /** Formily's SchemaField over this runtime's widgets */
  SchemaField: ReturnType<typeof createSchemaField>;
}

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
  installSafeCompiler();
  const { http, i18n, access } = options;
  addNamespace(i18n, RENDER_NAMESPACE, renderResources);
  addNamespace(i18n, 'data', dataResources as Partial<Record<Lang, object>>);

  const lang = () => currentLang(i18n);
  const fields = options.fields ?? createDefaultFieldRegistry();
  const buildProvider = options.createDataProvider ?? createDataProvider;
  const providers = new WeakMap<ModelFile, DataProvider>();
  const fixedT = i18n.getFixedT(null, RENDER_NAMESPACE);
  const models = options.models ?? createModelLoader(http, lang);
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
    screens: createScreenPrefetch({ models, lang, dataProviderFor }),
    fields,
    hooks: options.hooks ?? createHookRegistry(),
    access,
    dicts: options.dicts ?? createDictSource(http),
    // a dotted name's root may be a plain object of members ('Radio.Group' without 'Radio'): Formily
    // resolves it by path, though its type only admits components
    SchemaField: createSchemaField({ components: fields.components as SchemaReactComponents }),
  };
}
