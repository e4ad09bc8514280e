import type { FastifyRequest } from 'fastify';
import { nowText } from '../db/timestamps.js';
import type { CompiledModel } from '../engine/compileModel.js';
import { getRecord } from '../engine/readRecords.js';
import type { ModelStore } from '../engine/store/modelStore.js';
import { createRecord } from '../engine/writeRecord.js';
import { AppError, appError } from '../errors.js';
import { authOf } from '../plugins/accessPlugin.js';
import { safeSqlBuiltIns, type SafeSelect, type SafeSelectPage, type SafeSelectPageResult } from '../safeSql/runSafeSelect.js';
import { fetchAllowed, type OutboundPolicy } from './fetchAllowed.js';
import { parseHeaders, parseStaticData, parseVariables, variableValue, type InterfaceVariable } from './interfaceDefinition.js';

export const DATA_INTERFACE = 'devPlatform.dataInterface';
export const DATA_INTERFACE_LOG = 'devPlatform.dataInterfaceLog';

export const SQL_INTERFACE = 1;
export const STATIC_INTERFACE = 2;
export const HTTP_INTERFACE = 3;

export type InvokeKind = 'Response' | 'Preview' | 'List' | 'Info';

export interface InterfaceAnswer {
  data: unknown;
  /** SQL: the result's columns */
  columns: string[];
  /** SQL: the row cap cut the result */
  truncated: boolean;
  wasteTime: number;
}

export interface InterfaceRunner {
  /** the interface record, read through the caller's tenant and data scope ("not found" otherwise) */
  load(request: FastifyRequest, id: string): Promise<Record<string, unknown>>;
  variables(record: Record<string, unknown>): InterfaceVariable[];
  /** runs it with the given variable values (names it does not declare are ignored) and logs the call */
  run(request: FastifyRequest, record: Record<string, unknown>, values: Record<string, unknown>, kind: InvokeKind): Promise<InterfaceAnswer>;
  /** an SQL interface's selection call: one page, paged and filtered in SQL (safeSelect.page), logged as List */
  page(request: FastifyRequest, record: Record<string, unknown>, values: Record<string, unknown>, page: SafeSelectPage): Promise<SafeSelectPageResult>;
}

/**
 * Runs a data interface (spec 001 §7 "Data interfaces") as its caller: SQL through the safe-SQL core
 * (server/safeSql, the caller's tables, tenant and data scope), static JSON as stored, HTTP only to the
 * configured hosts (fetchAllowed.ts). Every call, answered or refused, is written to the call log.
 */
export function createInterfaceRunner(store: ModelStore, safeSelect: SafeSelect, outbound: OutboundPolicy): InterfaceRunner {
  const model = (id: string): CompiledModel => store.current().entries.get(id)!.compiled;

  async function log(request: FastifyRequest, record: Record<string, unknown>, kind: InvokeKind, started: number, error: unknown): Promise<void> {
    const auth = authOf(request);
    const logModel = model(DATA_INTERFACE_LOG);
    const context = await store.env.contextFor(request, logModel);
    await createRecord(
      store.env,
      logModel,
      {
        invokId: String(record.id),
        invokTime: nowText(started),
        userId: auth.userId,
        userName: auth.username,
        invokIp: request.ip.slice(0, 64),
        invokDevice: String(request.headers['user-agent'] ?? '').slice(0, 300),
        invokType: kind,
        invokWasteTime: Date.now() - started,
        success: error ? 0 : 1,
        errorCode: error instanceof AppError ? error.code : error ? 'CL_ERR_INTERNAL' : null,
      },
      context,
    ).catch((e: unknown) => request.log.warn({ err: e }, 'data interface call log write failed'));
  }

  /** the declared variables' values (an interface that is switched off is refused) */
  function declaredValues(record: Record<string, unknown>, given: Record<string, unknown>): Record<string, unknown> {
    if (Number(record.enabledMark) !== 1) throw appError('CL_ERR_DATA_INTERFACE_DISABLED');
    const values: Record<string, unknown> = {};
    for (const variable of parseVariables(record.requestParameters)) values[variable.field] = variableValue(variable, given[variable.field]);
    return values;
  }

  return {
    async load(request, id) {
      const m = model(DATA_INTERFACE);
      return getRecord(store.env, m, id, await store.env.contextFor(request, m));
    },
    variables: (record) => parseVariables(record.requestParameters),
    async page(request, record, given, page) {
      const started = Date.now();
      try {
        const values = declaredValues(record, given);
        const answer = await safeSelect.page(request, String(record.query ?? ''), { ...values, ...safeSqlBuiltIns(request) }, page);
        await log(request, record, 'List', started, null);
        return answer;
      } catch (error) {
        await log(request, record, 'List', started, error);
        throw error;
      }
    },
    async run(request, record, given, kind) {
      const started = Date.now();
      try {
        const values = declaredValues(record, given);
        let answer: Omit<InterfaceAnswer, 'wasteTime'>;
        switch (Number(record.dataType)) {
          case SQL_INTERFACE: {
            const result = await safeSelect.run(request, String(record.query ?? ''), { ...values, ...safeSqlBuiltIns(request) });
            answer = { data: result.rows, columns: result.columns, truncated: result.truncated };
            break;
          }
          case HTTP_INTERFACE:
            answer = {
              data: await fetchAllowed(
                {
                  url: String(record.path ?? ''),
                  method: record.requestMethod === 'POST' ? 'POST' : 'GET',
                  headers: parseHeaders(record.requestHeaders),
                  values,
                },
                outbound,
              ),
              columns: [],
              truncated: false,
            };
            break;
          default:
            answer = { data: parseStaticData(record.staticData), columns: [], truncated: false };
        }
        await log(request, record, kind, started, null);
        return { ...answer, wasteTime: Date.now() - started };
      } catch (error) {
        await log(request, record, kind, started, error);
        throw error;
      }
    },
  };
}

/** The rows a selection call pages through: an array answer, or the `list` / `data` / `records` array inside one. */
export function rowsOf(data: unknown): Record<string, unknown>[] {
  const inner = (value: unknown): unknown => {
    if (Array.isArray(value)) return value;
    if (value && typeof value === 'object') {
      const record = value as Record<string, unknown>;
      for (const key of ['list', 'records', 'data', 'result']) if (key in record) return inner(record[key]);
    }
    return null;
  };
  const rows = inner(data);
  if (!Array.isArray(rows)) throw appError('CL_ERR_DATA_INTERFACE_INVALID', { field: 'data', detail: 'not a list' });
  return rows.filter((row): row is Record<string, unknown> => row !== null && typeof row === 'object' && !Array.isArray(row));
}
