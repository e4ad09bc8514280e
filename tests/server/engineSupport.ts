import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import type { ModelFile, ModuleFile } from '../../runtime/model/types.js';
import { newId } from '../../server/db/ids.js';
import type { CompiledRead } from '../../server/db/slowReads.js';
import { nowText } from '../../server/db/timestamps.js';
import { ensureTenant, grant, insertRole, insertUser } from '../helpers/testRows.js';
import { fixturePath, type TestApp } from '../helpers/testApp.js';

/** The fixture module roots of these suites (labfixture lives under tests/fixtures/modules). */
export const FIXTURE_ROOT = fixturePath('modules');
export const LABFIXTURE_DIR = fixturePath('modules', 'labfixture');

export interface Reply {
  status: number;
  body: any;
  headers: LightMyRequestResponse['headers'];
}

type Query = Record<string, string | number>;

/** A tiny client for one signed-in user: JSON in, status + decoded envelope out. */
export function client(t: TestApp, token: string, options: { lang?: string; tenant?: number } = {}) {
  const headers = options.lang ? { 'accept-language': options.lang } : {};
  const send = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, query?: Query, payload?: unknown): Promise<Reply> => {
    const res = await t.request({
      method,
      url,
      token,
      headers,
      ...(options.tenant !== undefined ? { tenant: options.tenant } : {}),
      ...(query ? { query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) } : {}),
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
    return { status: res.statusCode, body: res.body ? res.json() : null, headers: res.headers };
  };
  return {
    get: (url: string, query?: Query) => send('GET', url, query),
    post: (url: string, payload: unknown, query?: Query) => send('POST', url, query, payload),
    put: (url: string, payload?: unknown, query?: Query) => send('PUT', url, query, payload),
    del: (url: string, query?: Query, payload?: unknown) => send('DELETE', url, query, payload),
  };
}

export type Client = ReturnType<typeof client>;

/** Adds (as the admin `api`) a data rule `<field> = <value>` on a model and answers its id. */
export async function addFieldRule(api: Client, rule: { name: string; modelId: string; field: string; value: string }): Promise<string> {
  const res = await api.post('/sys/dataRule/add', { ...rule, kind: 'field', operator: 'eq' });
  if (!res.body?.success) throw new Error(`data rule not added: ${JSON.stringify(res.body)}`);
  return res.body.result.id as string;
}

/** The column names of a table as the database has them now (none when the table does not exist). */
export async function columnsOf(t: TestApp, table: string): Promise<string[]> {
  const tables = await t.app.ctx.db.db.introspection.getTables();
  return tables.find((x) => x.name === table)?.columns.map((c) => c.name) ?? [];
}

let userSeq = 0;

/** A user in the given tenant whose one role holds exactly these button codes; returns a signed-in client. */
export async function userWith(t: TestApp, codes: string[], options: { tenantId?: number; lang?: string } = {}): Promise<Client> {
  return client(t, await tokenWith(t, codes, options), options);
}

/** The same user as userWith, as a bare token (for requests whose answer is not JSON). */
export async function tokenWith(t: TestApp, codes: string[], options: { tenantId?: number } = {}): Promise<string> {
  return (await roleTokenWith(t, codes, options)).token;
}

/** The same user, with the id of their one role (a test then restricts that role further). */
export async function roleTokenWith(t: TestApp, codes: string[], options: { tenantId?: number } = {}): Promise<{ roleId: string; token: string }> {
  const db = t.app.ctx.db.db;
  const tenantId = options.tenantId ?? 1;
  await ensureTenant(db, tenantId);
  const username = `u${process.pid}x${++userSeq}`;
  const roleId = await insertRole(db, `role-${username}`, 1, tenantId);
  await grant(
    db,
    roleId,
    codes.map((c) => `btn:${c}`),
  );
  await insertUser(db, { username, password: 'Passw0rd1', roleIds: [roleId], tenantIds: [tenantId] });
  return { roleId, token: await t.login(username, 'Passw0rd1') };
}

export interface ModuleCopy {
  module: ModuleFile;
  models: Record<string, ModelFile>;
}

/**
 * A temporary module root holding a copy of labfixture, changed by `edit` (restart scenarios:
 * one more field, a renamed menu, a hook). Returns the root to pass as an extra schema dir.
 */
const copies: string[] = [];

export function labfixtureCopy(edit: (copy: ModuleCopy) => void = () => {}): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cloudlab-modules-'));
  copies.push(root);
  const dir = path.join(root, 'labfixture');
  fs.cpSync(LABFIXTURE_DIR, dir, { recursive: true });
  const modelDir = path.join(dir, 'models');
  const copy: ModuleCopy = {
    module: JSON.parse(fs.readFileSync(path.join(dir, 'module.json'), 'utf8')),
    models: Object.fromEntries(fs.readdirSync(modelDir).map((f) => [f, JSON.parse(fs.readFileSync(path.join(modelDir, f), 'utf8'))])),
  };
  edit(copy);
  fs.writeFileSync(path.join(dir, 'module.json'), JSON.stringify(copy.module));
  for (const [file, model] of Object.entries(copy.models)) fs.writeFileSync(path.join(modelDir, file), JSON.stringify(model));
  return root;
}

export function removeLabfixtureCopies(): void {
  for (const root of copies.splice(0)) fs.rmSync(root, { recursive: true, force: true });
}

/** Sample rows of labfixture.sample used by the list suites. */
export const SAMPLES = [
  { sampleNo: 'S001', sampleName: '钢筋A', category: 'steel', receivedDate: '2024-01-01', testedAt: '2024-01-01 09:00:00', quantity: 1, weight: 1.5 },
  { sampleNo: 'S002', sampleName: '钢筋B', category: 'steel', receivedDate: '2024-01-02', testedAt: '2024-01-02 10:00:00', quantity: 2, weight: 2.5 },
  { sampleNo: 'S003', sampleName: '河水', category: 'water', receivedDate: '2024-01-03', testedAt: '2024-01-03 23:30:00', quantity: 3, weight: 3.5 },
  { sampleNo: 'S004', sampleName: '井水', category: 'water', receivedDate: '2024-01-04', testedAt: '2024-01-04 08:00:00', quantity: 5, weight: 4.5 },
  { sampleNo: 'S005', sampleName: '黏土', category: 'soil', receivedDate: '2024-01-05', testedAt: '2024-01-05 12:00:00', quantity: 8, weight: 5.5 },
  { sampleNo: 'T101', sampleName: '砂土_1', category: 'soil', receivedDate: '2024-02-01', quantity: 13, state: 0 },
  { sampleNo: 'T102', sampleName: '含量50%样', receivedDate: '2024-02-02', quantity: 21 },
] as const;

/** What the read-plan suites set per position row; id, tenant 1, enabled, creation time and version are filled in. */
export interface PositionRow {
  fullName: string;
  enCode: string;
  sortCode: number | null;
}

/** Loads positions straight into the table (as a data load would, past the engine), 500 rows a statement. */
export async function insertPositions(t: TestApp, count: number, row: (i: number) => PositionRow): Promise<void> {
  const values = Array.from({ length: count }, (_, i) => ({ id: newId(), tenantId: 1, enabledMark: 1, createTime: nowText(), version: 1, ...row(i) }));
  for (let i = 0; i < values.length; i += 500) {
    await t.app.ctx.db.db
      .insertInto('sysPosition' as never)
      .values(values.slice(i, i + 500) as never)
      .execute();
  }
}

/** Calls `seen` with every read the engine sends to the named readers (the main thread's, the worker's), before it runs. */
export function recordReads(t: TestApp, readers: ReadonlyArray<'quickReads' | 'slowReads'>, seen: (query: CompiledRead) => void): void {
  for (const name of readers) {
    const target = t.app.ctx.db[name];
    const all = target.all.bind(target);
    target.all = async <Row>(query: CompiledRead) => {
      seen(query);
      return all<Row>(query);
    };
  }
}
