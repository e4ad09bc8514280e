import type { Generated, Insertable, Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { newId } from '../db/ids.js';
import { nowText } from '../db/timestamps.js';

/** sys_log as written here: the columns of schemas/system/models/log.model.json (the model owns the table). */
export interface SysLogTable {
  id: string;
  tenantId: number;
  logType: number;
  logContent: string;
  operateType: number | null;
  userid: string | null;
  username: string | null;
  ip: string | null;
  method: string | null;
  requestUrl: string | null;
  requestType: string | null;
  costTime: number | null;
  createBy: string | null;
  createTime: string;
  updateBy: string | null;
  updateTime: string | null;
  version: Generated<number>;
}

// a type, not an interface: withTables wants the implicit index signature only type aliases get
type LogTables = { sysLog: SysLogTable };

/** The model's dictionary values (module.json log_type, operate_type), as Jeecg's sys_log. */
export const LOG_TYPE = { login: 1, operation: 2 } as const;
export const OPERATE_TYPE = { query: 1, add: 2, edit: 3, delete: 4, import: 5, export: 6 } as const;

export interface SysLogEntry {
  tenantId: number;
  logType: number;
  logContent: string;
  operateType?: number | null;
  userid?: string | null;
  username?: string | null;
  ip?: string | null;
  method?: string | null;
  requestUrl?: string | null;
  requestType?: string | null;
  costTime?: number | null;
}

export interface SysLog {
  record(entry: SysLogEntry): void;
  /** writes what was recorded so far; resolves when the rows are in */
  flush(): Promise<void>;
  close(): Promise<void>;
}

const MAX_PENDING = 5_000;
const BATCH = 200;

const cut = (text: string | null | undefined, max: number) => (text === null || text === undefined ? null : text.slice(0, max));

/**
 * The login and operation log (model system.log). Requests must not wait for their log row, nor fail
 * because of it: rows are buffered and written in batches every flushEveryMs (and on close). The buffer
 * is capped; past the cap the oldest unwritten rows are dropped and the drop is reported, so a flood of
 * writes cannot grow the server's memory.
 */
export function createSysLog(db: Kysely<Database>, options: { flushEveryMs?: number; onError: (message: string, error?: unknown) => void }): SysLog {
  const logs = db.withTables<LogTables>();
  let pending: Insertable<SysLogTable>[] = [];
  let writing: Promise<void> = Promise.resolve();
  let dropped = 0;

  const write = async (rows: Insertable<SysLogTable>[]) => {
    for (let i = 0; i < rows.length; i += BATCH)
      await logs
        .insertInto('sysLog')
        .values(rows.slice(i, i + BATCH))
        .execute();
  };
  const flush = (): Promise<void> => {
    const rows = pending;
    pending = [];
    if (dropped > 0) options.onError(`system log: ${dropped} rows dropped while the buffer was full`);
    dropped = 0;
    writing = writing.then(() => (rows.length > 0 ? write(rows).catch((error: unknown) => options.onError('system log write failed', error)) : undefined));
    return writing;
  };
  const timer = setInterval(() => void flush(), options.flushEveryMs ?? 2_000);
  timer.unref();

  return {
    record(entry) {
      if (pending.length >= MAX_PENDING) {
        pending.shift();
        dropped += 1;
      }
      const at = nowText();
      pending.push({
        id: newId(),
        tenantId: entry.tenantId,
        logType: entry.logType,
        logContent: entry.logContent.slice(0, 1000),
        operateType: entry.operateType ?? null,
        userid: cut(entry.userid, 36),
        username: cut(entry.username, 100),
        ip: cut(entry.ip, 64),
        method: cut(entry.method, 500),
        requestUrl: cut(entry.requestUrl, 255),
        requestType: cut(entry.requestType, 10),
        costTime: entry.costTime === null || entry.costTime === undefined ? null : Math.max(0, Math.round(entry.costTime)),
        createBy: cut(entry.username, 100),
        createTime: at,
        updateBy: null,
        updateTime: null,
        version: 1,
      });
    },
    flush,
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
}
