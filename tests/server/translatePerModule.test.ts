import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadModules } from '../../server/engine/loadModules.js';
import { buildServedModel } from '../../server/engine/serveModel.js';
import { SYSTEM_FIELD_NAMES } from '../../server/i18n/messages.js';
import { createTranslator } from '../../server/i18n/translateText.js';
import renderZh from '../../runtime/render/i18n/zh-CN.json' with { type: 'json' };
import renderEn from '../../runtime/render/i18n/en.json' with { type: 'json' };
import renderTw from '../../runtime/render/i18n/zh-TW.json' with { type: 'json' };
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { client } from './engineSupport.js';

// Two modules translate the same zh text differently: 状态 is "Status" in alpha and "State" in beta.
// One global zh→en catalogue (first module wins) gave beta's model alpha's word.
function writeModule(root: string, id: string, en: Record<string, string>, tw: Record<string, string> = {}): void {
  const dir = path.join(root, id);
  fs.mkdirSync(path.join(dir, 'models'), { recursive: true });
  fs.mkdirSync(path.join(dir, 'locales'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'module.json'), JSON.stringify({ id, title: `${id} 模块` }));
  const model = {
    version: 8,
    id: `${id}.thing`,
    title: '物品',
    entity: {
      table: `${id}_thing`,
      fields: { state: { type: 'integer', label: '状态' }, batch: { type: 'string', label: '批次', maxLength: 20 } },
    },
    api: { dialect: 'api', base: `/api/${id}/Thing`, operations: { export: true } },
    list: { columns: ['state', 'batch'] },
    permissions: { prefix: `${id}:thing:` },
  };
  fs.writeFileSync(path.join(dir, 'models', 'thing.model.json'), JSON.stringify(model));
  fs.writeFileSync(path.join(dir, 'locales', 'en.json'), JSON.stringify(en));
  if (Object.keys(tw).length > 0) fs.writeFileSync(path.join(dir, 'locales', 'zh-TW.json'), JSON.stringify(tw));
}

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cloudlab-translate-'));
// alpha is listed first: under "first module wins" its 状态 was everybody's
writeModule(root, 'alpha', { 状态: 'Status', 批次: 'Batch', 物品: 'Item' }, { 状态: '狀態（甲）' });
writeModule(root, 'beta', { 状态: 'State', 物品: 'Article' }, { 状态: '狀態（乙）' });

afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('translation per module', () => {
  const modules = loadModules([root]);
  const translate = createTranslator(modules);

  it('loads both fixture modules without problems', () => {
    expect(modules.modules.map((m) => m.file.id).sort()).toEqual(['alpha', 'beta']);
  });

  it("resolves a model's text through its own module's locale first", () => {
    expect(translate('状态', 'en', 'alpha.thing')).toBe('Status');
    expect(translate('状态', 'en', 'beta.thing')).toBe('State');
    expect(translate('状态', 'zh-TW', 'alpha.thing')).toBe('狀態（甲）');
    expect(translate('状态', 'zh-TW', 'beta.thing')).toBe('狀態（乙）');
    // a model released at run time belongs to the module its id starts with
    expect(translate('状态', 'en', 'beta.releasedLater')).toBe('State');
  });

  it('falls back to the shared catalogue for what the module does not translate, and outside any model', () => {
    expect(translate('批次', 'en', 'beta.thing')).toBe('Batch');
    expect(translate('状态', 'en')).toBe('Status');
    expect(translate('批次', 'zh-TW', 'beta.thing')).toBe('批次');
    expect(translate('没有译文', 'en', 'beta.thing')).toBe('没有译文');
  });

  it('serves each model with its own module’s texts', () => {
    const served = buildServedModel(modules.models.get('beta.thing')!, 'en', translate);
    expect(served.texts).toMatchObject({ 状态: 'State', 物品: 'Article', 批次: 'Batch' });
    // the system fields no module lists (the 创建时间 header stayed zh in the English list)
    expect(served.texts).toMatchObject({ 创建时间: 'Created at', 创建人: 'Created by' });
    expect(buildServedModel(modules.models.get('beta.thing')!, 'zh-TW', translate).texts).toMatchObject({ 创建时间: '建立時間' });
    expect(buildServedModel(modules.models.get('alpha.thing')!, 'en', translate).texts).toMatchObject({ 状态: 'Status', 物品: 'Item' });
  });
});

describe('translation per module, through the real server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { extraSchemaDirs: [root] });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers GET /system/model with the model’s own module texts', async () => {
    const admin = client(t, await t.login(), { lang: 'en' });
    expect((await admin.get('/system/model/beta.thing')).body.result.texts).toMatchObject({ 状态: 'State', 物品: 'Article' });
    expect((await admin.get('/system/model/alpha.thing')).body.result.texts).toMatchObject({ 状态: 'Status', 物品: 'Item' });
  });
});

describe('system field names', () => {
  it("are the renderer's own words in every language (the server keeps a copy it may import)", () => {
    const fromRenderer = Object.fromEntries(
      Object.keys(renderEn.systemField).map((name) => [
        name,
        {
          'zh-CN': (renderZh.systemField as Record<string, string>)[name],
          en: (renderEn.systemField as Record<string, string>)[name],
          'zh-TW': (renderTw.systemField as Record<string, string>)[name],
        },
      ]),
    );
    expect(SYSTEM_FIELD_NAMES).toEqual(fromRenderer);
  });
});
