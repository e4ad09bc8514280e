import type { AppConfig } from '../config.js';
import type { HookRegistry } from '../engine/hookRegistry.js';
import type { ModelStore } from '../engine/store/modelStore.js';
import { appError } from '../errors.js';
import { wholeRecord } from '../system/wholeRecord.js';
import { checkConfiguredSql } from '../safeSql/runSafeSelect.js';
import { allowedUrl } from './fetchAllowed.js';
import { BUILT_IN_VARIABLES, parseHeaders, parseStaticData, parseVariables } from './interfaceDefinition.js';
import { HTTP_INTERFACE, SQL_INTERFACE, STATIC_INTERFACE } from './runInterface.js';

/**
 * devPlatform.checkDataInterface (beforeSave of devPlatform.dataInterface): a saved interface is one that
 * can run. Its variables, headers and static JSON parse; its SQL passes the safe-SQL checks (one SELECT,
 * allowed functions, tables of models) and uses only declared or built-in variables; its HTTP address is
 * on the configured hosts. The caller's own table permissions are checked again at every run.
 */
export function registerDataInterfaceHooks(hooks: HookRegistry, config: AppConfig, store: () => ModelStore | null): void {
  hooks.register('devPlatform.checkDataInterface', async (ctx) => {
    const record = await wholeRecord(ctx);
    const variables = parseVariables(record.requestParameters);
    parseHeaders(record.requestHeaders);
    const dataType = Number(record.dataType);
    if (dataType === STATIC_INTERFACE) parseStaticData(record.staticData);
    if (dataType === HTTP_INTERFACE) allowedUrl(String(record.path ?? ''), config.outboundHttp);
    if (dataType === SQL_INTERFACE) {
      const models = store();
      if (!models) throw new Error('the model store is not open yet');
      const { params } = checkConfiguredSql(models, config.databaseUrl ? 'postgres' : 'sqlite', String(record.query ?? ''));
      const known = new Set<string>([...variables.map((v) => v.field), ...BUILT_IN_VARIABLES]);
      const unknown = params.find((p) => !known.has(p));
      if (unknown) throw appError('CL_ERR_DATA_INTERFACE_INVALID', { field: 'query', detail: `:${unknown}` });
    }
  });
}
