import { describe as group, expect as expectUnit, it as unit } from 'vitest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstFailure, parseCheckSteps } from '../../server/system/checkRules.js';
import { databaseMatrix } from '../helpers/databases.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { client, userWith, type Client } from './engineSupport.js';

const matrix = await databaseMatrix();
const RULE = [
  { digits: '1', pattern: '[a-zA-Z]', message: '第一位只能是字母' },
  { digits: '*', pattern: '[a-zA-Z0-9]+', message: '只能填写数字或字母' },
  { digits: '3', pattern: '\\d{0,3}', message: '第二到四位只能是数字' },
];

group('check rule steps (Jeecg semantics)', () => {
  unit('takes slices in order, checks * against the whole value, and answers the first failing message', () => {
    const steps = parseCheckSteps(RULE)!;
    expectUnit(firstFailure(steps, 'a123x')).toBeNull();
    expectUnit(firstFailure(steps, '1abc')).toBe('第一位只能是字母');
    expectUnit(firstFailure(steps, 'a1-3')).toBe('只能填写数字或字母');
    expectUnit(firstFailure(steps, 'ab12')).toBe('第二到四位只能是数字');
    // a value shorter than the steps: the missing part is empty
    expectUnit(firstFailure(steps, 'a')).toBeNull();
  });

  unit('refuses steps that would not parse or could hang the server', () => {
    expectUnit(parseCheckSteps(JSON.stringify(RULE))).toHaveLength(3);
    for (const bad of [
      [],
      'not json',
      [{ digits: '0', pattern: 'a', message: 'm' }],
      [{ digits: 'x', pattern: 'a', message: 'm' }],
      [{ digits: '1', pattern: '(', message: 'm' }],
      [{ digits: '1', pattern: '(a+)+$', message: 'm' }],
      [{ digits: '1', pattern: '(a|aa)*', message: 'm' }],
      [{ digits: '1', pattern: 'a'.repeat(201), message: 'm' }],
      [{ digits: '1', pattern: 'a', message: '' }],
      Array.from({ length: 21 }, () => ({ digits: '1', pattern: 'a', message: 'm' })),
    ])
      expectUnit(parseCheckSteps(bad), JSON.stringify(bad).slice(0, 60)).toBeNull();
  });
});

describe.each(matrix)('$kind: check rules (/sys/checkRule)', ({ kind, available }) => {
  describe.skipIf(!available)('', () => {
    let t: TestApp;
    let admin: Client;
    beforeAll(async () => {
      t = await createTestApp(kind);
      admin = client(t, await t.login());
      const added = await admin.post('/sys/checkRule/add', { ruleName: '编号规则', ruleCode: 'SAMPLE01', ruleJson: RULE, ruleDescription: '字母开头' });
      expect(added.body, JSON.stringify(added.body)).toMatchObject({ success: true });
    });
    afterAll(async () => {
      await t?.close();
    });
    const check = (who: Client, ruleCode: string, value: string) => who.get('/sys/checkRule/checkByCode', { ruleCode, value });

    it('checks a value by rule code: success, or the failing step message', async () => {
      expect((await check(admin, 'SAMPLE01', 'a123')).body).toMatchObject({ success: true, code: 200 });
      expect((await check(admin, 'SAMPLE01', '9abc')).body).toMatchObject({ success: false, code: 500, message: '第一位只能是字母' });
      expect((await check(admin, 'nope', 'a')).body).toMatchObject({ success: false, message: '该编码不存在' });
      const listed = (await admin.get('/sys/checkRule/list', { ruleCode: 'SAMPLE01' })).body.result.records[0];
      expect(listed).toMatchObject({ ruleName: '编号规则', ruleCode: 'SAMPLE01', ruleJson: RULE });
    });

    it('refuses rules that would not parse or could hang the server, and bad calls', async () => {
      const bad = await admin.post('/sys/checkRule/add', { ruleName: 'x', ruleCode: 'redos', ruleJson: [{ digits: '*', pattern: '(a+)+$', message: 'm' }] });
      expect(bad.body).toMatchObject({ success: false, error: 'CL_ERR_VALIDATION' });
      expect((await admin.get('/sys/checkRule/checkByCode', { value: 'a' })).status).toBe(400);
      expect((await admin.get('/sys/checkRule/checkByCode', { ruleCode: 'SAMPLE01', value: 'a'.repeat(501) })).status).toBe(400);
      expect((await admin.get('/sys/checkRule/checkByCode', { ruleCode: 'SAMPLE01', x: '1' })).status).toBe(400);
      expect((await t.request({ method: 'GET', url: '/sys/checkRule/checkByCode?ruleCode=SAMPLE01&value=a' })).statusCode).toBe(401);
    });

    it('needs the permission to manage rules, any sign-in to check, and keeps tenants apart', async () => {
      const nobody = await userWith(t, []);
      expect((await nobody.get('/sys/checkRule/list')).body).toMatchObject({ success: false, code: 510 });
      expect((await check(nobody, 'SAMPLE01', 'a1')).body).toMatchObject({ success: true });
      const other = await userWith(t, ['system:checkRule:list'], { tenantId: 2 });
      expect((await check(other, 'SAMPLE01', 'a1')).body).toMatchObject({ success: false, message: '该编码不存在' });
      expect((await other.get('/sys/checkRule/list')).body.result.total).toBe(0);
    });
  });
});
