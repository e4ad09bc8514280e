import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../server/errors.js';
import { createPdfRenderer } from '../../server/print/pdfRenderer.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { insertDepart } from '../helpers/testRows.js';
import { pdfText } from '../helpers/pdfText.js';
import { staffMemberBody } from '../helpers/staffFixture.js';
import { multipart } from './xlsxSupport.js';

const BASE = '/api/system/printDev';
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const DOC = { content: ['检测报告'], defaultStyle: { font: 'NotoSansSC' } };

// The event loop is the server's, not the database's: these run on SQLite only.
describe('PDF printouts are made off the event loop', () => {
  let t: TestApp;
  let token: string;
  let templateId: string;
  let memberId: string;

  beforeAll(async () => {
    t = await createTestApp('sqlite');
    token = await t.login();
    const post = async (url: string, payload: object) => (await t.request({ method: 'POST', url, token, payload })).json();
    const image = (await t.request({ method: 'POST', url: '/sys/common/upload', token, ...multipart('file', 'sign.png', PNG, { biz: 'image' }) })).json();
    const departId = await insertDepart(t.app.ctx.db.db, 'P01', '检测一室');
    expect((await post('/api/permission/Position', { fullName: '检测员', enCode: 'P.pdf' })).code).toBe(200);
    const member = await post(
      '/admin/user/add',
      staffMemberBody({ username: `pdf${process.pid}`, realname: '赵打印', workNo: 'W777', departIds: departId, post: 'P.pdf', images: String(image.message) }),
    );
    expect(member.success, JSON.stringify(member)).toBe(true);
    memberId = String(member.result.id);
    const template = await post(BASE, {
      fullName: '人员档案',
      enCode: 'staff.pdfWorker',
      type: 'staff',
      formId: 'staff.member',
      template: {
        page: { size: 'A4', orientation: 'portrait', margin: 40 },
        blocks: [
          { kind: 'title', text: '人员技术档案' },
          { kind: 'fields', columns: 2, fields: ['realname', 'workNo', 'sex', 'highestTitle'] },
          { kind: 'image', field: 'signatureImg', width: 80, caption: '本人签名' },
        ],
      },
    });
    expect(template.code, JSON.stringify(template)).toBe(200);
    templateId = String(template.data.id);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers /readyz while a printout is laid out, the font loading with it on the worker', async () => {
    // this app's first printout: its worker starts and loads pdfmake and the CJK font (seconds) meanwhile
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const started = performance.now();
    let done = false;
    const printed = t.request({ method: 'GET', url: `${BASE}/Pdf`, token, query: { id: templateId, dataId: memberId } }).finally(() => {
      done = true;
    });
    let answered = 0;
    while (!done) {
      const ready = await t.request({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(200);
      if (!done) answered++;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const pdf = await printed;
    const took = performance.now() - started;
    delay.disable();
    expect(pdf.statusCode).toBe(200);
    expect(await pdfText(pdf.rawPayload)).toContain('赵打印');
    // on the main thread the loop stood still for (nearly) the whole printout and /readyz waited for it
    const longestStallMs = delay.max / 1e6;
    expect(answered, `readyz answered ${answered} times in ${Math.round(took)} ms`).toBeGreaterThanOrEqual(3);
    expect(longestStallMs, `longest stall ${Math.round(longestStallMs)} ms of ${Math.round(took)} ms`).toBeLessThan(took * 0.4);
  });

  it('refuses a printout at once when its queue is full, and makes the ones it took', async () => {
    const renderer = createPdfRenderer({ maxQueued: 2, timeoutMs: 60_000 });
    try {
      const taken = [renderer.render(DOC), renderer.render(DOC)];
      expect(renderer.queued).toBe(2);
      const refused = await renderer.render(DOC).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(AppError);
      expect((refused as AppError).code).toBe('CL_ERR_PRINT_BUSY');
      for (const pdf of await Promise.all(taken)) expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      expect(renderer.queued).toBe(0);
      // room again once they are made
      expect((await renderer.render(DOC)).subarray(0, 5).toString()).toBe('%PDF-');
    } finally {
      await renderer.close();
    }
  });

  it('fails a printout past its timeout and makes the next one on a new thread', async () => {
    const renderer = createPdfRenderer({ maxQueued: 4, timeoutMs: 1 });
    try {
      await expect(renderer.render(DOC)).rejects.toThrow(/longer than 1 ms/);
      expect(renderer.queued).toBe(0);
    } finally {
      await renderer.close();
    }
    const patient = createPdfRenderer({ maxQueued: 4, timeoutMs: 60_000 });
    try {
      const failing = patient.render({ content: [{ image: 'data:image/png;base64,AAAA' }] });
      await expect(failing).rejects.toThrow(/PDF rendering failed/);
      expect((await patient.render(DOC)).subarray(0, 5).toString()).toBe('%PDF-');
    } finally {
      await patient.close();
    }
  });
});
