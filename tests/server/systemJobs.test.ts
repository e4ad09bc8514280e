import dayjs from 'dayjs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cronSchedule } from '../../server/jobs/cronSchedule.js';
import { createJobHandlerRegistry } from '../../server/jobs/jobHandlers.js';
import { newId } from '../../server/db/ids.js';
import { nowText } from '../../server/db/timestamps.js';
import { databaseMatrix } from '../helpers/databases.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { client, userWith, type Client } from './engineSupport.js';

const matrix = await databaseMatrix();
const BASE = '/sys/quartzJob';
const EVERY_SECOND = '* * * * * ? *';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A handler that counts its runs (per app) and can be told to fail. */
function countingHandlers(runs: number[], options: { fail?: boolean } = {}) {
  const handlers = createJobHandlerRegistry();
  handlers.register('test.count', async ({ fireTime, parameter }) => {
    runs.push(fireTime.getTime());
    if (options.fail || parameter === '{"fail":true}') throw new Error('told to fail');
    return `ran at ${fireTime.toISOString()}`;
  });
  return handlers;
}

async function logRows(t: TestApp, jobId: string) {
  const { rows } = await sql<{ fireTime: string; status: string; triggerType: string; serverId: string; message: string | null }>`
    select fire_time, status, trigger_type, server_id, message from sys_quartz_job_log where job_id = ${jobId} order by fire_time`.execute(t.app.ctx.db.db);
  return rows;
}

describe.each(matrix)('$kind: scheduled jobs (/sys/quartzJob)', ({ kind, available }) => {
  describe.skipIf(!available)('', () => {
    let t: TestApp;
    let admin: Client;
    const runs: number[] = [];
    beforeAll(async () => {
      t = await createTestApp(kind, { config: { jobs: { enabled: true, pollMs: 200 } }, jobHandlers: countingHandlers(runs) });
      admin = client(t, await t.login());
    });
    afterAll(async () => {
      await t?.close();
    });

    const addJob = async (values: Record<string, unknown>) => {
      const res = await admin.post(`${BASE}/add`, { jobClassName: 'test.count', cronExpression: EVERY_SECOND, description: 'counting', ...values });
      expect(res.body, JSON.stringify(res.body)).toMatchObject({ success: true, code: 200 });
      return res.body.result as { id: string; status: number };
    };

    it('creates a job stopped, lists it with dictionary texts, and refuses bad expressions, handlers and parameters', async () => {
      const job = await addJob({ description: 'shape' });
      expect(job.status).toBe(-1);
      const listed = (await admin.get(`${BASE}/list`, { description: 'shape' })).body.result;
      expect(listed.records[0]).toMatchObject({ id: job.id, cronExpression: EVERY_SECOND, status: -1, status_dictText: '停止' });
      for (const [values, field] of [
        [{ cronExpression: '* * * * *' }, 'cronExpression'],
        [{ cronExpression: '0 0 12 * * * 2026' }, 'cronExpression'],
        [{ cronExpression: '0 0 0 1 1 ? 2019' }, 'cronExpression'],
        [{ jobClassName: 'test.nothing' }, 'jobClassName'],
        [{ parameter: '[1,2]' }, 'parameter'],
        [{ parameter: '{days:' }, 'parameter'],
      ] as const) {
        const res = await admin.post(`${BASE}/add`, Object.assign({ jobClassName: 'test.count', cronExpression: EVERY_SECOND }, values));
        expect(res.body, JSON.stringify(values)).toMatchObject({ success: false, code: 500, error: 'CL_ERR_VALIDATION' });
        expect((res.body.result.errors as { field: string }[]).map((e) => e.field)).toContain(field);
      }
      const edit = await admin.put(`${BASE}/edit`, { id: job.id, cronExpression: '61 * * * * ? *', version: 1 });
      expect(edit.body).toMatchObject({ success: false, error: 'CL_ERR_VALIDATION' });
      // an unknown query name and an unknown field are refused before anything runs
      expect((await admin.put(`${BASE}/resume`, undefined, { id: job.id, x: '1' })).status).toBe(400);
      expect((await admin.post(`${BASE}/add`, { jobClassName: 'test.count', cronExpression: EVERY_SECOND, nope: 1 })).status).toBe(400);
    });

    it('starts a job, runs it every second on the schedule and logs each run; stopping it stops the runs', async () => {
      const job = await addJob({ description: 'schedule' });
      const started = await admin.put(`${BASE}/resume`, undefined, { id: job.id });
      expect(started.body).toMatchObject({ success: true, result: { id: job.id, status: 0 } });
      await sleep(2600);
      await admin.put(`${BASE}/pause`, undefined, { id: job.id });
      const logged = await logRows(t, job.id);
      expect(logged.length).toBeGreaterThanOrEqual(1);
      expect(new Set(logged.map((r) => r.fireTime)).size).toBe(logged.length);
      expect(logged.every((r) => r.status === 'success' && r.triggerType === 'schedule' && r.message?.startsWith('ran at'))).toBe(true);
      // stopped: no run after the current one is over
      await sleep(300);
      const count = (await logRows(t, job.id)).length;
      await sleep(1500);
      expect((await logRows(t, job.id)).length).toBe(count);
      const page = (await admin.get('/sys/quartzJobLog/list', { jobId: job.id })).body.result;
      expect(page.total).toBe(count);
      expect(page.records[0]).toMatchObject({ jobId: job.id, status: 'success', status_dictText: '成功', triggerType_dictText: '定时触发' });
    });

    it('runs a job once on demand, stopped or not, and answers with the logged result (a failure included)', async () => {
      const job = await addJob({ description: 'once', cronExpression: '0 0 3 1 1 ? 2100' });
      const once = await admin.put(`${BASE}/execute`, undefined, { id: job.id });
      expect(once.body).toMatchObject({ success: true, result: { id: job.id, status: 'success' } });
      expect(once.body.result.message).toMatch(/^ran at/);
      const failing = await addJob({ description: 'fails', cronExpression: '0 0 3 1 1 ? 2100', parameter: '{"fail":true}' });
      const failed = await admin.put(`${BASE}/execute`, undefined, { id: failing.id });
      expect(failed.body).toMatchObject({ success: true, result: { status: 'failure', message: 'told to fail' } });
      expect((await logRows(t, failing.id)).map((r) => [r.status, r.triggerType])).toEqual([['failure', 'manual']]);
    });

    it('the built-in handlers: retention sweeps of the run log and the system log, in the tenant of the job only', async () => {
      const db = t.app.ctx.db.db;
      const prune = await addJob({ jobClassName: 'system.pruneJobLogs', cronExpression: '0 0 3 * * ? *', parameter: '{"days": 7}' });
      const old = await addJob({ description: 'old', cronExpression: '0 0 3 1 1 ? 2100' });
      const eightDaysAgo = nowText(dayjs().subtract(8, 'day').valueOf());
      for (const tenant of [1, 3])
        await sql`insert into sys_quartz_job_log (id, tenant_id, job_id, job_class_name, fire_time, trigger_type, status, duration_ms, server_id, create_time, version)
          values (${newId()}, ${tenant}, ${old.id}, 'test.count', ${eightDaysAgo}, 'schedule', 'success', 1, 'x', ${nowText()}, 1)`.execute(db);
      const pruned = await admin.put(`${BASE}/execute`, undefined, { id: prune.id });
      expect(pruned.body.result).toMatchObject({ status: 'success', message: '已删除1条7天前的记录' });
      // the other tenant's row stays
      expect((await logRows(t, old.id)).length).toBe(1);

      await sql`insert into sys_log (id, tenant_id, log_type, log_content, create_time, version) values (${newId()}, 1, 1, 'old', ${nowText(dayjs().subtract(200, 'day').valueOf())}, 1)`.execute(
        db,
      );
      const logs = await addJob({ jobClassName: 'system.pruneSystemLogs', cronExpression: '0 0 4 * * ? *' });
      expect((await admin.put(`${BASE}/execute`, undefined, { id: logs.id })).body.result).toMatchObject({
        status: 'success',
        message: '已删除1条180天前的记录',
      });
      const bad = await addJob({ jobClassName: 'system.pruneJobLogs', cronExpression: '0 0 3 * * ? *', parameter: '{"days": 0}' });
      expect((await admin.put(`${BASE}/execute`, undefined, { id: bad.id })).body.result).toMatchObject({ status: 'failure' });
    });

    it('refuses callers without the permission and keeps tenants apart', async () => {
      const job = await addJob({ description: 'tenant one' });
      const nobody = await userWith(t, []);
      expect((await nobody.get(`${BASE}/list`)).body).toMatchObject({ success: false, code: 510 });
      expect((await nobody.put(`${BASE}/execute`, undefined, { id: job.id })).body).toMatchObject({ success: false, code: 510 });
      const lister = await userWith(t, ['system:quartzJob:list']);
      expect((await lister.put(`${BASE}/resume`, undefined, { id: job.id })).body).toMatchObject({ success: false, code: 510 });
      const other = await userWith(t, ['system:quartzJob:list', 'system:quartzJob:execute', 'system:quartzJob:resume', 'system:quartzJobLog:list'], {
        tenantId: 2,
      });
      expect((await other.get(`${BASE}/list`)).body.result.total).toBe(0);
      expect((await other.put(`${BASE}/resume`, undefined, { id: job.id })).body).toMatchObject({ success: false, error: 'CL_ERR_RECORD_NOT_FOUND' });
      expect((await other.put(`${BASE}/execute`, undefined, { id: job.id })).body).toMatchObject({ success: false, error: 'CL_ERR_RECORD_NOT_FOUND' });
      expect((await other.get('/sys/quartzJobLog/list')).body.result.total).toBe(0);
      // the run log is written by the scheduler only
      expect((await admin.post('/sys/quartzJobLog/add', { jobId: job.id })).status).toBe(404);
    });
  });
});

describe.each(matrix.filter((m) => m.kind === 'postgres'))('$kind: two servers share the schedule', ({ kind, available }) => {
  describe.skipIf(!available)('', () => {
    let first: TestApp;
    let second: TestApp;
    const firstRuns: number[] = [];
    const secondRuns: number[] = [];
    beforeAll(async () => {
      const jobs = { jobs: { enabled: true, pollMs: 200 } };
      first = await createTestApp(kind, { config: jobs, jobHandlers: countingHandlers(firstRuns) });
      second = await createTestApp(kind, { config: jobs, jobHandlers: countingHandlers(secondRuns), database: first.database });
    });
    afterAll(async () => {
      await second?.close();
      await first?.close();
    });

    it('a job every second runs once per tick, not once per server', async () => {
      const admin = client(first, await first.login());
      const job = (await admin.post(`${BASE}/add`, { jobClassName: 'test.count', cronExpression: EVERY_SECOND, description: 'shared' })).body.result;
      await admin.put(`${BASE}/resume`, undefined, { id: job.id });
      // the second server learns of the start through its poll
      await sleep(2600);
      const armedFirst = first.app.ctx.jobs?.armed().has(job.id);
      const armedSecond = second.app.ctx.jobs?.armed().has(job.id);
      await sleep(2600);
      await admin.put(`${BASE}/pause`, undefined, { id: job.id });
      await sleep(1500);
      const ticks = [...firstRuns, ...secondRuns];
      const logged = await logRows(first, job.id);
      expect(ticks.length).toBeGreaterThanOrEqual(3);
      // every fire time ran on exactly one server, and each run is logged once
      expect(new Set(ticks).size).toBe(ticks.length);
      expect(logged.length).toBe(ticks.length);
      expect(new Set(logged.map((r) => r.fireTime)).size).toBe(logged.length);
      expect(ticks.every((at) => at % 1000 === 0)).toBe(true);
      // both servers were armed for it: the claim decided, not one server missing the job
      expect([armedFirst, armedSecond]).toEqual([true, true]);
    });
  });
});

describe('seven-part schedules (cronSchedule)', () => {
  const at = new Date(2026, 10, 26, 6, 0, 0, 500);
  const next = (expression: string, from = at) => cronSchedule(expression).nextAfter(from);
  it('reads seconds, Quartz weekdays (1 = Sunday), nth weekdays, last days and years', () => {
    expect(next(EVERY_SECOND)).toEqual(new Date(2026, 10, 26, 6, 0, 1));
    expect(next('0/5 * * * * ? *')).toEqual(new Date(2026, 10, 26, 6, 0, 5));
    expect(next('0 0 12 ? * 2 *')).toEqual(new Date(2026, 10, 30, 12, 0, 0));
    expect(next('0 15 10 ? * 6#3 *')).toEqual(new Date(2026, 11, 18, 10, 15, 0));
    expect(next('0 0 0 L * ? *')).toEqual(new Date(2026, 10, 30, 0, 0, 0));
    expect(next('0 0 0 1 1 ? 2030')).toEqual(new Date(2030, 0, 1, 0, 0, 0));
    expect(next('0 0 0 1 1 ? 2030', new Date(2030, 0, 1, 0, 0, 0))).toBeNull();
  });
  it('refuses what the client editor refuses', () => {
    for (const bad of ['* * * * *', '* * * * * * *', '60 * * * * ? *', '0 0 0 1 1 ? 2200']) expect(() => cronSchedule(bad), bad).toThrow();
  });
});
