import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toTraditional } from '../../server/i18n/toTraditional.js';
import { databaseMatrix } from '../helpers/databases.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { FIXTURE_ROOT } from './engineSupport.js';

const matrix = await databaseMatrix();

describe.each(matrix)('$kind: GET /system/model/:id', ({ kind, available }) => {
  describe.skipIf(!available)('', () => {
    let t: TestApp;
    let token: string;
    beforeAll(async () => {
      t = await createTestApp(kind, { extraSchemaDirs: [FIXTURE_ROOT] });
      token = await t.login();
    });
    afterAll(async () => {
      await t?.close();
    });

    const fetchModel = (id: string, headers: Record<string, string> = {}) => t.request({ method: 'GET', url: `/system/model/${id}`, token, headers });

    it('serves the model as written, with an ETag, and 304 when it has not changed', async () => {
      const res = await fetchModel('system.position');
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-cache');
      const etag = res.headers.etag as string;
      expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
      const body = res.json();
      expect(body).toMatchObject({ success: true, code: 200, result: { lang: 'zh-CN', model: { id: 'system.position', entity: { table: 'sys_position' } } } });
      expect(body.result.texts['岗位名称']).toBe('岗位名称');
      expect(body.result.patterns).toEqual({
        code: { regex: '^[A-Za-z0-9](?:[A-Za-z0-9.]*[A-Za-z0-9])?$', message: '只能输入字母、数字和点，且不能以点开头或结尾!' },
      });

      const again = await fetchModel('system.position');
      expect(again.body).toBe(res.body);
      expect(again.headers.etag).toBe(etag);
      const notModified = await fetchModel('system.position', { 'if-none-match': etag });
      expect(notModified.statusCode).toBe(304);
      expect(notModified.body).toBe('');
      expect((await fetchModel('system.position', { 'if-none-match': `W/${etag}` })).statusCode).toBe(304);
      expect((await fetchModel('system.position', { 'if-none-match': '"other"' })).statusCode).toBe(200);
    });

    it('translates every model text to the request language', async () => {
      const en = await fetchModel('system.position', { 'accept-language': 'en' });
      const result = en.json().result;
      expect(result.lang).toBe('en');
      expect(result.texts).toMatchObject({ 岗位管理: 'Positions', 岗位名称: 'Position name', 排序: 'Sort order' });
      expect(result.texts).toHaveProperty('创建时间');
      expect(result.patterns.code.message).toBe('Letters, digits and dots only, not starting or ending with a dot!');
      expect(en.headers.etag).not.toBe((await fetchModel('system.position')).headers.etag);

      const tw = (await fetchModel('labfixture.sample', { 'accept-language': 'zh-TW' })).json().result;
      expect(tw.lang).toBe('zh-TW');
      for (const zh of ['样品登记', '样品编号', '样品名称必须填写', '样品编号已被占用', '名称', '请输入样品名称']) {
        expect(tw.texts[zh], zh).toBe(toTraditional(zh));
      }
      expect(tw.patterns.code.message).toBe('只能輸入字母、數字和點，且不能以點開頭或結尾!');
      const enSample = (await fetchModel('labfixture.sample', { 'accept-language': 'en' })).json().result;
      expect(enSample.texts['样品名称必须填写']).toBe('The sample name is required');
    });

    it('answers an unknown model with the 404 envelope and needs a signed-in caller', async () => {
      const res = await fetchModel('system.nothing');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ success: false, code: 404, error: 'CL_ERR_MODEL_UNKNOWN', message: '模型不存在：system.nothing' });
      expect((await t.request({ method: 'GET', url: '/system/model/system.position' })).statusCode).toBe(401);
    });
  });
});
