import type { i18n as I18n } from 'i18next';
import type { AccessChecker } from './access/createAccessChecker';
import type { DataProvider } from './data/DataProvider';
import type { HttpClient } from './data/HttpClient';
import type { FieldRegistry } from './fields/createFieldRegistry';
import type { DictSource } from './fields/dict/DictSource';
import type { HookRegistry } from './hooks/createHookRegistry';
import type { ModelLoader } from './model/ModelLoader';
import type { LazySchemaField } from './render/form/LazySchemaField';
import type { Lang, ModelFile } from './model/types';
import type { ScreenPrefetch } from './render/screen/createScreenPrefetch';
import type { ScreenRegistry } from './render/screen/createScreenRegistry';

// The runtime's shape, apart from createRuntime (which builds it from the renderer's modules): the
// renderer's files import this type without importing the renderer back.

/** A translate function bound to one namespace. */
export type Translate = (key: string, params?: Record<string, unknown>) => string;

/** The signed-in user as a live socket needs them: whose path, and the token for the subprotocol. */
export interface LiveSession {
  userId: string;
  token: string;
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
  /** the screen kinds (model `screen.kind`) and the component that renders each */
  screenKinds: ScreenRegistry;
  fields: FieldRegistry;
  hooks: HookRegistry;
  access: AccessChecker;
  /** the signed-in user for live sockets, or null (no session, or a runtime without sockets) */
  liveSession(): LiveSession | null;
  dicts: DictSource;
  /** Formily's SchemaField over this runtime's widgets (Formily is fetched when a form first renders it) */
  SchemaField: LazySchemaField;
}
