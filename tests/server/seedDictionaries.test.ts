import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.js';
import { loadModules } from '../../server/engine/loadModules.js';
import { toTraditional } from '../../server/i18n/toTraditional.js';
import { databaseMatrix } from '../helpers/databases.js';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from '../helpers/testApp.js';
import { client, type Client } from './engineSupport.js';

const matrix = await databaseMatrix();

/** The dictionaries spec 001 §7 has the staff screens load with GET /sys/dict/loadSelect, plus the announcements' priority. */
const SPEC_CODES = [
  'education_degree',
  'education_background',
  'education_form',
  'certificate_ability_level',
  'technical_title',
  'education',
  'highest_title',
  'professional_title',
  'relationship',
  'sex',
  'priority',
];

/** Every dictionary a field of a shipped model names (table dictionaries, `table,text,code`, are models' own rows). */
function namedDictionaries(): Map<string, string[]> {
  const named = new Map<string, string[]>();
  for (const [id, model] of loadModules(loadConfig().schemaDirs).models) {
    for (const [name, field] of Object.entries(model.entity?.fields ?? {})) {
      const dict = (field as { dict?: string }).dict;
      if (!dict || dict.includes(',')) continue;
      named.set(dict, [...(named.get(dict) ?? []), `${id}.${name}`]);
    }
  }
  return named;
}

type Option = { value: string; text: string };
const HAN = /\p{Script=Han}/u;

/** Issue 10's seed dictionaries: one for every model in the repository, each item readable in zh-CN, en and zh-TW. */
describe.each(matrix)('$kind: seed dictionaries', ({ kind, available }) => {
  describe.skipIf(!available)('', () => {
    let t: TestApp;
    const all: Record<string, Record<string, Option[]>> = {};
    beforeAll(async () => {
      t = await createTestApp(kind);
      const token = await t.login();
      for (const lang of ['zh-CN', 'en', 'zh-TW']) {
        const as: Client = client(t, token, { lang });
        const answer = await as.get('/sys/dict/queryAllDictItems');
        expect(answer.body.success).toBe(true);
        all[lang] = answer.body.result as Record<string, Option[]>;
      }
    });
    afterAll(async () => {
      await t?.close();
    });

    it('seeds every dictionary a shipped model names, and those the staff screens load, each with items', () => {
      const named = namedDictionaries();
      expect(named.size).toBeGreaterThan(20);
      const missing = [...named.keys(), ...SPEC_CODES].filter((code) => (all['zh-CN']![code] ?? []).length === 0);
      expect(missing.map((code) => `${code} (${(named.get(code) ?? ['spec 001 §7']).join(', ')})`)).toEqual([]);
    });

    it('names the announcement priorities as spec 001 §3 does (L general, M important, H urgent), like the notice bell', () => {
      const texts = (lang: string) => (all[lang]!.priority ?? []).map((o) => [o.value, o.text]);
      expect(texts('zh-CN')).toEqual([
        ['L', '一般消息'],
        ['M', '重要消息'],
        ['H', '紧急消息'],
      ]);
      expect(texts('en')).toEqual([
        ['L', 'General message'],
        ['M', 'Important message'],
        ['H', 'Urgent message'],
      ]);
    });

    it('answers every seeded item in English and in traditional Chinese, item for item', () => {
      const zh = all['zh-CN']!;
      const untranslated: string[] = [];
      for (const [code, items] of Object.entries(zh)) {
        const en = all.en![code] ?? [];
        const tw = all['zh-TW']![code] ?? [];
        expect(
          en.map((o) => o.value),
          code,
        ).toEqual(items.map((o) => o.value));
        expect(
          tw.map((o) => o.text),
          code,
        ).toEqual(items.map((o) => toTraditional(o.text)));
        for (const [i, item] of items.entries()) if (HAN.test(en[i]!.text)) untranslated.push(`${code}/${item.value}: ${item.text} -> ${en[i]!.text}`);
      }
      expect(Object.keys(zh).length).toBeGreaterThan(30);
      expect(untranslated).toEqual([]);
    });

    it('answers the dictionaries of the sign-in (sysAllDictItems) in the language asked, as queryAllDictItems does', async () => {
      // the client caches either answer as its dictionaries: an English sign-in showed 全体用户, 低… in English forms
      for (const lang of ['zh-CN', 'en', 'zh-TW']) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/sys/login',
          headers: { 'accept-language': lang },
          payload: { username: 'admin', password: ADMIN_PASSWORD },
        });
        expect(res.json().result.sysAllDictItems, lang).toEqual(all[lang]);
      }
      expect(all.en!.msg_type!.map((o) => o.text)).toEqual(['All users', 'Chosen users']);
    });
  });
});
