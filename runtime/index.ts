/**
 * The public surface of the Cloudlab runtime: the application shell and the designer import from here
 * only. Every screen is a model file; this runtime turns a served model into a list page, search bar,
 * form dialog, detail view and sub-record tabs.
 */

/**
 * Builds one runtime instance (http, i18n, model loader, data providers, widgets, hooks, access,
 * dictionaries). Two runtimes can coexist; nothing here is global except Formily's compiler slot,
 * which gets our no-eval compiler.
 *
 * @example
 * const runtime = createRuntime({ http, i18n, access: createAccessChecker({ auth, allAuth }) });
 */
export { createRuntime } from './createRuntime';
/**
 * Options of createRuntime, the instance it returns, and the namespaced translate function.
 *
 * @example
 * const options: RuntimeOptions = { http, i18n, access, dicts: staticDictSource(session.sysAllDictItems) };
 */
export type { RuntimeOptions } from './createRuntime';
export type { RuntimeInstance, Translate } from './RuntimeInstance';
/**
 * Model screens started before their ModelPage renders (runtime.screens): a shell that knows the route's
 * model starts it, and the model and first rows load while the layout renders.
 *
 * @example
 * runtime.screens.start('system.position');
 */
export type { ScreenPrefetch } from './render/screen/createScreenPrefetch';

/**
 * Makes a runtime available to the renderer; `useRuntime()` reads it back.
 *
 * @example
 * <RuntimeProvider runtime={runtime}><ModelPage modelId="system.position" /></RuntimeProvider>
 */
export { RuntimeProvider, useRuntime } from './render/RuntimeProvider';
/**
 * Props of RuntimeProvider.
 *
 * @example
 * const props: RuntimeProviderProps = { runtime, children: <ModelPage modelId="system.position" /> };
 */
export type { RuntimeProviderProps } from './render/RuntimeProvider';

/**
 * A whole screen from a model id: what the shell mounts for the menu component 'ModelPage/<modelId>'.
 *
 * @example
 * <ModelPage modelId="system.position" />
 */
export { ModelPage } from './render/ModelPage';
/**
 * Props of ModelPage.
 *
 * @example
 * const props: ModelPageProps = { modelId: 'system.position' };
 */
export type { ModelPageProps } from './render/ModelPage';

/**
 * The generic list page and its headless controller (params, records, selection, reload).
 *
 * @example
 * const list = useListController(served, runtime.dataProviderFor(served.model));
 * <ListPage served={served} readOnly />
 */
export { ListPage } from './render/list/ListPage';
/** @example const list = useListController(served, dataProvider, { fixedFilters: { userId: { op: 'eq', value: id } } }); */
export { useListController } from './render/list/useListController';
/**
 * Types of the list page and its controller.
 *
 * @example
 * function Total({ list }: { list: ListController }) { return list.status === 'ready' ? <>{list.total}</> : null; }
 */
export type { ListPageProps } from './render/list/ListPage';
export type { ListController, ListQuery, ListStatus, SearchCriteria } from './render/list/useListController';
/** @example const firstPage: PendingPage | undefined = runtime.screens.peek('system.position')?.firstPage; */
export type { PendingPage } from './render/list/firstPage';

/**
 * Plain antd Table columns from a model's list.columns.
 *
 * @example
 * const columns = buildColumns(served, { t: runtime.t, sort: { field: 'sortCode', order: 'asc' } });
 */
export { buildColumns } from './render/list/buildColumns';
/** @example const context: ColumnContext = { t: runtime.t }; */
export type { ColumnContext } from './render/list/buildColumns';

/**
 * The add / edit / detail dialog and its headless controller.
 *
 * @example
 * const dialog = useFormController(served, dataProvider, { onSaved: toast, onError: (messages) => toast(messages.join('；')) });
 * <FormDialog served={served} controller={dialog} />
 */
export { FormDialog } from './render/form/FormDialog';
/**
 * One record's dialog outside its list page: edit, detail, or self (the caller's own record through
 * the model's api.self, the header's personal information).
 *
 * @example
 * <RecordDialog modelId="staff.member" recordId={userInfo.id} mode="self" onClose={close} />
 */
export { RecordDialog } from './render/form/RecordDialog';
export type { RecordDialogMode, RecordDialogProps } from './render/form/RecordDialog';
/** @example const dialog = useFormController(served, dataProvider, { onSaved, onError }); dialog.openEdit(record.id); */
export { useFormController } from './render/form/useFormController';
/** @example const closed: FormDialogState = { status: 'closed', mode: 'add' }; */
export type { FormController, FormControllerOptions, FormDialogState } from './render/form/useFormController';

/**
 * The Formily schema of a model's form (entity rules + form placement), and a form rendering it.
 *
 * @example
 * <SchemaForm form={createForm()} schema={buildFormSchema(served, 'add', { t: runtime.t, hooks: runtime.hooks })} />
 */
export { buildFormSchema } from './render/form/buildFormSchema';
/** @example const mode: FormMode = 'detail'; */
export type { FormMode } from './render/form/buildFormSchema';
/** @example <SchemaForm form={form} schema={schema} /> */
export { SchemaForm } from './render/form/SchemaForm';

/**
 * A record read-only (the form schema with pattern 'readPretty').
 *
 * @example
 * <DetailView served={served} record={record} />
 */
export { DetailView } from './render/detail/DetailView';

/**
 * The record's form plus one tab per sub-record model.
 *
 * @example
 * <RecordTabs served={served} parentId={record.id} readOnly={false}><SchemaForm form={form} schema={schema} /></RecordTabs>
 */
export { RecordTabs } from './render/tabs/RecordTabs';

/**
 * The widget registry (x-component name → component) and the built-in widgets.
 *
 * @example
 * const fields = createDefaultFieldRegistry();
 * fields.register('OrganizeSelect', OrganizeSelect, { origin: 'src/widgets' });
 * const runtime = createRuntime({ http, i18n, access, fields });
 */
export { createFieldRegistry } from './fields/createFieldRegistry';
/** @example const fields = createFieldRegistry({ ...defaultFields, OrganizeSelect }); */
export { createDefaultFieldRegistry, defaultFields } from './fields/defaultFields';
/**
 * A widget registered by its loader, fetched when a form first renders it (or on fields.preload).
 *
 * @example
 * fields.register('RichText', lazyField(() => import('./widgets/RichText').then((m) => m.RichText)), { origin: 'src/widgets' });
 */
export { lazyField } from './fields/lazyField';
/** @example const widget: FieldComponent = (props) => <Input {...props} />; */
export type { FieldComponent, FieldEntry, FieldRegistry, LazyField, RegisterOptions } from './fields/createFieldRegistry';

/**
 * Dictionaries for DictSelect / DictRadio / DictTag. The default source reads
 * GET /sys/dict/queryAllDictItems once per runtime; a shell holding sysAllDictItems passes its own.
 *
 * @example
 * const runtime = createRuntime({ http, i18n, access, dicts: staticDictSource(session.sysAllDictItems) });
 */
export { createDictSource, staticDictSource } from './fields/dict/createDictSource';
/** @example const source: DictSource = { options: async (code) => cache[code] ?? [] }; */
export type { DictOption, DictSource } from './fields/dict/DictSource';
/** @example const { options } = useDictOptions('enabled_state', 'number'); */
export { useDictOptions } from './fields/dict/DictSourceContext';

/**
 * Named client hooks (behaviour data cannot express), registered in code by kind (cell, action,
 * formReaction) and referenced by name in model files; pass the registry to createRuntime.
 *
 * @example
 * const hooks = createHookRegistry();
 * hooks.register('cell', 'user.avatar', (value) => String(value ?? ''));
 */
export { createHookRegistry } from './hooks/createHookRegistry';
/** @example const context: FormReactionContext = { served, mode: 'edit' }; */
export type { ActionContext, FormReactionContext, HookKind, HookRegistry, HookSignatures } from './hooks/createHookRegistry';

/**
 * The model expression language (visibleWhen, disabledWhen, requiredWhen, compute): no eval.
 *
 * @example
 * compileExpression('round(price * quantity, 2)', { fields: ['price', 'quantity'] }).evaluate({ price: 2, quantity: 3 }); // 6
 */
export { compileExpression, ExpressionError } from './expression';

/**
 * The renderer's i18n resources (namespace 'render'); createRuntime adds them to the app's i18next.
 *
 * @example
 * i18n.addResourceBundle('en', RENDER_NAMESPACE, renderResources.en);
 */
export { RENDER_NAMESPACE, renderResources } from './render/i18n';

// --- The layers below the renderer (runtime/data, runtime/model, runtime/access). Their own files
// carry the full JSDoc; they are re-exported so that this file stays the one public surface.

/**
 * The HTTP client (request conventions, both envelopes, the error catalogue) and its types.
 *
 * @example
 * const http = createHttpClient({ getToken, getTenantId, getLang, feedback, t: i18n.getFixedT(null, 'data') });
 */
export { createHttpClient } from './data/createHttpClient';
/** @example const feedback: RequestFeedback = createAntdFeedback(app); */
export type { HttpClient, HttpClientOptions, NormalizedResponse, RequestFeedback, RequestOptions } from './data/HttpClient';
/**
 * Every failure of the data layer; `notified` says whether the client already showed it.
 *
 * @example
 * if (isApiError(e) && e.errorCode === 'CL_ERR_RECORD_STALE') reload();
 */
export { ApiError, isApiError } from './data/ApiError';
/** @example const kind: ApiErrorKind = 'validation'; */
export type { ApiErrorKind, FieldError } from './data/ApiError';
/**
 * One model's data provider, in its declared dialect.
 *
 * @example
 * const positions = createDataProvider(served.model, http);
 */
export { createDataProvider } from './data/createDataProvider';
/** @example const params: ListParams = { page: 1, pageSize: 20, keyword: '检测' }; */
export type { DataProvider, DataRecord, FieldFilter, ListParams, ListResult } from './data/DataProvider';
/**
 * The i18n resources of the data layer (namespace 'data'); createRuntime adds them too.
 *
 * @example
 * i18n.addResourceBundle('en', 'data', dataResources.en, true, false);
 */
export { dataResources } from './data/i18n';

/**
 * Loads served models (GET /system/model/{id}) per language; createRuntime builds one by default.
 *
 * @example
 * const models = createModelLoader(http, () => runtime.lang());
 */
export { createModelLoader } from './data/createModelLoader';
/** @example const loader: ModelLoader = runtime.models; */
export type { ModelLoader } from './model/ModelLoader';
/**
 * A model's zh-CN text in the served language.
 *
 * @example
 * resolveText(served, served.model.title); // 'Positions' in en
 */
export { resolveText } from './model/resolveText';
/** @example const lang: Lang = LANGS[0]; */
export { LANGS } from './model/types';
/** @example const columns: ColumnItem[] = served.model.list?.columns ?? []; */
export type { ColumnItem, FieldDef, FormFieldItem, Lang, ListAction, ModelFile, ServedModel, SortDef, TabDef } from './model/types';

/**
 * Button permission checks over the session's auth / allAuth lists.
 *
 * @example
 * const access = createAccessChecker({ auth: () => session.auth, allAuth: () => session.allAuth });
 */
export { createAccessChecker } from './access/createAccessChecker';
/** @example const item: PermissionItem = { action: 'system:position:add', type: '1' }; */
export type { AccessChecker, PermissionItem } from './access/createAccessChecker';
