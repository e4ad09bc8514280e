import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { SchemaProblem } from '../../server/engine/checkModel.js';
import { loadModules, SchemaProblemsError } from '../../server/engine/loadModules.js';
import { MODEL_FORMAT_VERSION } from '../../runtime/model/types.js';

// check:schemas (loadModules) on small module folders written per test: every v2 problem names the
// file and the JSON path it was written at; extensions merge into their targets.

const ROOT = fs.mkdtempSync(path.join(os.tmpdir(), 'cloudlab-format-'));
afterAll(() => fs.rmSync(ROOT, { recursive: true, force: true }));

type Json = Record<string, unknown>;
let counter = 0;

/** A root holding module folders: { moduleId: { 'x.model.json': model } }. */
function writeRoot(modules: Record<string, Record<string, Json>>): string {
  const root = path.join(ROOT, `root${++counter}`);
  for (const [id, models] of Object.entries(modules)) {
    fs.mkdirSync(path.join(root, id, 'models'), { recursive: true });
    fs.writeFileSync(path.join(root, id, 'module.json'), JSON.stringify({ id, title: id }));
    for (const [name, model] of Object.entries(models)) fs.writeFileSync(path.join(root, id, 'models', name), JSON.stringify(model));
  }
  return root;
}

function book(overrides: Json = {}): Json {
  return {
    version: 2,
    id: 'lib.book',
    title: '图书',
    entity: {
      table: 'lib_book',
      fields: {
        title: { type: 'string', label: '书名', maxLength: 100, required: true },
        parentId: { type: 'string', label: '上级', maxLength: 36 },
      },
    },
    api: { dialect: 'api', base: '/api/lib/Book' },
    list: { columns: ['title'] },
    form: { fields: ['title'] },
    permissions: { prefix: 'lib:book:' },
    ...overrides,
  };
}

/** The problems of loading the root, as "file-name path: message" (file relative to the module folder). */
function problemsOf(root: string): string[] {
  try {
    loadModules([root]);
    return [];
  } catch (error) {
    if (!(error instanceof SchemaProblemsError)) throw error;
    return error.problems.map((p: SchemaProblem) => `${path.relative(root, p.file)} ${p.path}: ${p.message}`);
  }
}

describe('model format v2 checks', () => {
  it('accepts every v2 part together', () => {
    const model = book({
      entity: {
        table: 'lib_book',
        scope: { owner: 'createBy', department: 'departId' },
        fields: {
          title: { type: 'string', label: '书名', maxLength: 100, lookup: true },
          departId: { type: 'string', label: '部门', maxLength: 36, default: { computed: 'currentDepart' } },
          isbn: { type: 'string', label: 'ISBN', maxLength: 20, requiredWhen: 'price > 0' },
          price: { type: 'number', label: '价格' },
          total: { type: 'number', label: '合计', compute: 'price * 2' },
          tags: { type: 'list', label: '标签', items: { type: 'string' } },
          cover: { type: 'image', label: '封面', accept: ['.jpg', '.png'], maxSize: 1048576 },
          files: { type: 'file', label: '附件', multiple: true, maxCount: 3 },
          intro: { type: 'richText', label: '简介' },
          extra: { type: 'json', label: '扩展' },
          lent: { type: 'boolean', label: '借出', default: false },
          related: { type: 'string', label: '相关', maxLength: 500, ref: 'lib.book', multiple: true, refLabel: 'title' },
          billNo: { type: 'string', label: '单号', maxLength: 30, default: { computed: 'billNumber', rule: 'book_no' } },
        },
      },
      api: { dialect: 'api', base: '/api/lib/Book', operations: { import: true, export: 'GET /api/lib/Book/Actions/Excel' } },
      operations: { lend: { route: 'PUT {base}/{id}/Actions/Lend', permission: 'lend', hook: 'lib.lendBook', target: 'record' } },
      list: {
        columns: ['title', { field: 'price', cell: 'lib.money' }],
        actions: [
          'add',
          { key: 'lend', label: '借出', operation: 'lend', placement: 'row', confirm: '确定借出？' },
          { key: 'importBooks', label: '导入', operation: 'import', placement: 'toolbar' },
        ],
      },
      form: {
        layout: { columns: 2 },
        tabs: [
          { title: '基本', sections: [{ title: '书', columns: 2, fields: [{ field: 'title', span: 2 }, 'isbn', 'price', 'total'] }] },
          {
            title: '更多',
            fields: [
              'tags',
              'cover',
              'files',
              'intro',
              'extra',
              { field: 'lent', visibleWhen: 'price > 0', disabledWhen: '!isbn', hooks: ['lib.lentChanged'] },
              'related',
              'departId',
              'billNo',
            ],
          },
        ],
      },
      screen: { kind: 'treeTable' },
      tree: { parentField: 'parentId', labelField: 'title', lazy: true, rootValue: '0' },
      hooks: { beforeSave: 'lib.stamp' },
    });
    (model.entity as Json).fields = { ...((model.entity as Json).fields as Json), parentId: { type: 'string', label: '上级', maxLength: 36 } };
    expect(problemsOf(writeRoot({ lib: { 'book.model.json': model } }))).toEqual([]);
  });

  it('names file and path of v2 problems', () => {
    const model = book({
      entity: {
        table: 'lib_book',
        scope: { department: 'nowhere' },
        fields: {
          title: { type: 'string', label: '书名', maxLength: 100, items: { type: 'string' } },
          tags: { type: 'list', label: '标签' },
          when: { type: 'integer', label: '日期', default: { computed: 'today' } },
          bill: { type: 'string', label: '单号', maxLength: 20, default: { computed: 'billNumber' } },
          cover: { type: 'image', label: '封面', maxCount: 2 },
          kind: { type: 'json', label: '种类', unique: true },
          other: { type: 'string', label: '其他', maxLength: 36, ref: 'lib.nothing' },
          flag: { type: 'boolean', label: '标志', default: 1 },
          sum: { type: 'number', label: '合计', compute: 'price * nope' },
          note: { type: 'text', label: '备注', requiredWhen: 'flag &&' },
          bad: { type: 'string', label: '坏', maxLength: 10, compute: '{{ price }}' },
        },
      },
      operations: { lend: { route: 'PUT /sys/lend', permission: 'lend', hook: 'lib.lend', target: 'record' } },
      list: {
        columns: ['title'],
        actions: [
          { key: 'x', label: 'X', operation: 'nothing', placement: 'row' },
          { key: 'y', label: 'Y', placement: 'toolbar' },
        ],
      },
      form: { fields: ['title', { field: 'flag', visibleWhen: 'ghost > 1' }], sections: [{ fields: ['tags'] }] },
      screen: { kind: 'tree' },
      hooks: { beforeWrite: 'lib.stamp' },
    });
    expect(problemsOf(writeRoot({ lib: { 'book.model.json': model } }))).toEqual([
      "lib/models/book.model.json /entity/fields/bad/compute: '{{…}}' is code, which model files cannot hold: write an expression without braces, or name a hook",
      'lib/models/book.model.json /hooks: must NOT have additional properties ("beforeWrite")',
    ]);
    delete (model.hooks as Json).beforeWrite;
    delete ((model.entity as Json).fields as Json).bad;
    expect(problemsOf(writeRoot({ lib: { 'book.model.json': model } }))).toEqual([
      'lib/models/book.model.json /entity/fields/title/items: items belongs to a list field, not string',
      'lib/models/book.model.json /entity/fields/tags: a list field needs items (the type of its values)',
      'lib/models/book.model.json /entity/fields/when/default/computed: "today" fills a date or string field, not integer',
      'lib/models/book.model.json /entity/fields/bill/default: a billNumber default needs rule (the bill-number rule code)',
      'lib/models/book.model.json /entity/fields/cover/maxCount: maxCount needs multiple: true',
      'lib/models/book.model.json /entity/fields/kind/unique: a json field cannot be unique; use type string with maxLength',
      'lib/models/book.model.json /entity/fields/flag/default: default 1 is not boolean',
      'lib/models/book.model.json /entity/fields/sum/compute: Unknown field "price" at character 0 in expression "price * nope"',
      'lib/models/book.model.json /entity/fields/note/requiredWhen: Syntax error: Expected expression after && at character 7 in expression "flag &&"',
      'lib/models/book.model.json /entity/scope/department: unknown field "nowhere"',
      'lib/models/book.model.json /operations/lend/route: route "PUT /sys/lend" is not in the api family',
      'lib/models/book.model.json /operations/lend/route: a record operation of the api dialect names the record with {id} in its route',
      'lib/models/book.model.json /list/actions/0/operation: unknown operation "nothing" (a key of operations, or import / export switched on in api.operations)',
      'lib/models/book.model.json /list/actions/1: an action runs either an operation or a hook',
      'lib/models/book.model.json /form: a form uses one layout, not fields and sections',
      'lib/models/book.model.json /form/fields/1/visibleWhen: Unknown field "ghost" at character 0 in expression "ghost > 1"',
      'lib/models/book.model.json /screen/kind: a tree screen needs tree (parentField, …)',
    ]);
  });

  it('checks the formulas of calculated fields: they parse, name entity fields, and their field is a number without a compute', () => {
    const calc = (formula: string, field = 'total') => ({ field, 'x-component': 'CalcField', 'x-component-props': { formula } });
    const model = book({
      entity: {
        table: 'lib_book',
        fields: {
          title: { type: 'string', label: '书名', maxLength: 100 },
          price: { type: 'number', label: '单价' },
          count: { type: 'integer', label: '数量' },
          total: { type: 'number', label: '总价' },
          tax: { type: 'number', label: '税额', compute: 'price * 0.13' },
          net: { type: 'number', label: '净额' },
          pieces: { type: 'integer', label: '件数' },
        },
      },
      form: {
        fields: ['title', 'price', 'count', calc('price × count'), calc('price × ghost', 'net'), calc('price ×', 'tax'), calc('count × 2', 'pieces')],
      },
    });
    expect(problemsOf(writeRoot({ lib: { 'book.model.json': model } }))).toEqual([
      'lib/models/book.model.json /form/fields/4/x-component-props/formula: the formula names unknown field "ghost"',
      'lib/models/book.model.json /form/fields/5/x-component-props/formula: the formula does not parse: an operand is missing at the end (at 7)',
      'lib/models/book.model.json /form/fields/6: field "pieces" is a calculated field: its value has 2 decimals, so its type is number, not integer',
    ]);
    (model.form as { fields: unknown[] }).fields.pop();
    (model.form as { fields: unknown[] }).fields.splice(4, 2, calc('price - 1', 'tax'));
    expect(problemsOf(writeRoot({ lib: { 'book.model.json': model } }))).toEqual([
      'lib/models/book.model.json /form/fields/4: field "tax" is a calculated field and has a compute: give it one of them',
    ]);
    (model.form as { fields: unknown[] }).fields.splice(4, 1);
    expect(problemsOf(writeRoot({ lib: { 'book.model.json': model } }))).toEqual([]);
  });

  it('refuses a file written for a newer format version at /version', () => {
    const newer = MODEL_FORMAT_VERSION + 1;
    expect(problemsOf(writeRoot({ lib: { 'book.model.json': book({ version: newer }) } }))).toEqual([
      `lib/models/book.model.json /version: format version ${newer} is newer than this Cloudlab understands (up to ${MODEL_FORMAT_VERSION}); upgrade Cloudlab to load this file`,
    ]);
  });

  it('loads a version 1 file through the upgrader', () => {
    const v1 = book({ version: 1, hooks: { beforeWrite: 'lib.stamp' } });
    const set = loadModules([writeRoot({ lib: { 'book.model.json': v1 } })]);
    expect(set.models.get('lib.book')).toMatchObject({ version: MODEL_FORMAT_VERSION, hooks: { beforeSave: 'lib.stamp' } });
  });

  it('checks query screens against the model they read', () => {
    const report = book({
      id: 'lib.report',
      entity: { table: 'lib_report', fields: { title: { type: 'string', label: '书名', maxLength: 100 }, copies: { type: 'integer', label: '册数' } } },
      api: { dialect: 'api', base: '/api/lib/Report' },
      form: undefined,
      screen: { kind: 'query' },
      query: {
        from: 'lib.book',
        fields: { title: 'title', copies: { aggregate: 'sum' }, missing: 'nowhere' },
        where: [{ field: 'ghost', op: 'eq', value: 1 }],
        groupBy: ['title'],
      },
      permissions: { prefix: 'lib:report:' },
    });
    expect(problemsOf(writeRoot({ lib: { 'book.model.json': book(), 'report.model.json': report } }))).toEqual([
      'lib/models/report.model.json /query/fields/missing: "missing" is not declared in entity.fields (which gives its type and label)',
      'lib/models/report.model.json /query/fields/missing: "nowhere" is neither grouped nor aggregated',
    ]);
    const fixed = { ...report, query: { ...(report.query as Json), fields: { title: 'title', copies: { aggregate: 'sum' } } } };
    expect(problemsOf(writeRoot({ lib: { 'book.model.json': book(), 'report.model.json': fixed } }))).toEqual([
      'lib/models/report.model.json /query/fields/copies: sum needs a field',
      'lib/models/report.model.json /query/where/0/field: "lib.book" has no readable field "ghost"',
    ]);
  });

  it('checks report parameters: a condition names a declared one, daysFromToday a date field and whole days', () => {
    const report = (where: Json[]) =>
      book({
        version: 4,
        id: 'lib.report',
        entity: { table: 'lib_report', fields: { title: { type: 'string', label: '书名', maxLength: 100 } } },
        api: { dialect: 'api', base: '/api/lib/Report' },
        form: undefined,
        screen: { kind: 'query' },
        query: {
          from: 'lib.book',
          fields: { title: 'title' },
          params: { days: { type: 'integer', label: '天数' }, text: { type: 'string', label: '文字' } },
          where,
        },
        permissions: { prefix: 'lib:report:' },
      });
    const dated = book({
      entity: { table: 'lib_book', fields: { title: { type: 'string', label: '书名', maxLength: 100 }, due: { type: 'date', label: '到期' } } },
    });
    const problems = (where: Json[]) => problemsOf(writeRoot({ lib: { 'book.model.json': dated, 'report.model.json': report(where) } }));
    expect(
      problems([
        { field: 'due', op: 'le', param: 'days', relative: 'daysFromToday' },
        { field: 'title', op: 'like', param: 'text' },
      ]),
    ).toEqual([]);
    expect(
      problems([
        { field: 'title', op: 'eq', param: 'ghost' },
        { field: 'title', op: 'le', param: 'days', relative: 'daysFromToday' },
        { field: 'due', op: 'le', param: 'text', relative: 'daysFromToday' },
        { field: 'due', op: 'le', value: 1.5, relative: 'daysFromToday' },
      ]),
    ).toEqual([
      'lib/models/report.model.json /query/where/0/param: "ghost" is not in query.params',
      'lib/models/report.model.json /query/where/1/relative: daysFromToday compares a date field',
      'lib/models/report.model.json /query/where/2/relative: daysFromToday needs a whole number of days (an integer value or parameter)',
      'lib/models/report.model.json /query/where/3/relative: daysFromToday needs a whole number of days (an integer value or parameter)',
    ]);
    expect(problems([{ field: 'due', op: 'le', value: 1, param: 'days' }])[0]).toMatch(/^lib\/models\/report.model.json \/query\/where\/0: /);
  });

  it('checks report joins, totals and column links (version 7)', () => {
    const shelf = book({
      version: 7,
      id: 'lib.shelf',
      entity: {
        table: 'lib_shelf',
        fields: { code: { type: 'string', label: '编号', maxLength: 20 }, room: { type: 'string', label: '房间', maxLength: 20 } },
      },
      api: { dialect: 'api', base: '/api/lib/Shelf' },
      list: { columns: ['code'] },
      form: { fields: ['code', 'room'] },
      permissions: { prefix: 'lib:shelf:' },
    });
    const report = (query: Json, columns: (string | Json)[] = ['title']) =>
      book({
        version: 7,
        id: 'lib.report',
        entity: {
          table: 'lib_report',
          fields: {
            title: { type: 'string', label: '书名', maxLength: 100 },
            room: { type: 'string', label: '房间', maxLength: 20 },
            n: { type: 'integer', label: '数' },
          },
        },
        api: { dialect: 'api', base: '/api/lib/Report' },
        form: undefined,
        list: { columns },
        screen: { kind: 'query' },
        query: { from: 'lib.book', ...query },
        permissions: { prefix: 'lib:report:' },
      });
    const problems = (query: Json, columns?: (string | Json)[]) =>
      problemsOf(writeRoot({ lib: { 'book.model.json': book(), 'shelf.model.json': shelf, 'report.model.json': report(query, columns) } }));
    const join = [{ as: 'shelf', model: 'lib.shelf', on: { field: 'title', to: 'code' } }];
    expect(
      problems({ join, fields: { title: 'title', room: 'shelf.room', n: { aggregate: 'count' } }, groupBy: ['title', 'shelf.room'], totals: { n: 'sum' } }),
    ).toEqual([]);
    expect(
      problems(
        {
          join: [...join, { as: 'shelf', model: 'lib.nowhere', on: { field: 'ghost.code', to: 'code' } }],
          fields: { title: 'title', room: 'shelf.nothing', n: 'other.x' },
          totals: { title: 'sum' },
        },
        [{ field: 'title', link: { model: 'lib.ghost', idField: 'nowhere' } }],
      ),
    ).toEqual([
      'lib/models/report.model.json /list/columns/0/link/model: unknown model "lib.ghost"',
      'lib/models/report.model.json /list/columns/0/link/idField: "nowhere" is not a field of this model',
      'lib/models/report.model.json /query/join/1/on/field: "ghost" is not the alias of an earlier query.join',
      'lib/models/report.model.json /query/join/1/model: unknown model "lib.nowhere"',
      'lib/models/report.model.json /query/join/1/as: alias "shelf" is used twice',
      'lib/models/report.model.json /query/fields/room: "lib.shelf" has no readable field "nothing"',
      'lib/models/report.model.json /query/fields/n: "other" is not the alias of an earlier query.join',
      'lib/models/report.model.json /query/totals/title: "title" is not a numeric output of query.fields',
    ]);
  });

  it('checks SQL reports: plain result columns, numeric totals, no structured parts beside the text (version 9)', () => {
    const report = (query: Json) =>
      book({
        id: 'lib.sqlReport',
        entity: { table: 'lib_sql_report', fields: { title: { type: 'string', label: '书名', maxLength: 100 }, n: { type: 'integer', label: '数' } } },
        api: { dialect: 'api', base: '/api/lib/SqlReport' },
        form: undefined,
        list: { columns: ['title', 'n'] },
        screen: { kind: 'query' },
        query,
        permissions: { prefix: 'lib:sqlReport:' },
      });
    const problems = (query: Json) => problemsOf(writeRoot({ lib: { 'book.model.json': book(), 'report.model.json': report(query) } }));
    const sql = 'select title, count(*) as n from lib_book where title like :t group by title';
    expect(problems({ sql, params: { t: { type: 'string', label: '书名' } }, fields: { title: 'title', n: 'n' }, totals: { n: 'sum' } })).toEqual([]);
    expect(problems({ sql, fields: { title: 'b.title', n: { aggregate: 'count' } }, totals: { title: 'sum' } })).toEqual([
      'lib/models/report.model.json /query/fields/title: a SQL report names a column of its result (no alias, no aggregate)',
      'lib/models/report.model.json /query/fields/n: a SQL report names a column of its result (no alias, no aggregate)',
      'lib/models/report.model.json /query/totals/title: "title" is not a numeric output of query.fields',
    ]);
    // the text excludes the structured parts, and a query without either is refused by the meta-schema
    expect(problems({ sql, from: 'lib.book', fields: { title: 'title', n: 'n' } }).length).toBeGreaterThan(0);
    expect(problems({ fields: { title: 'title', n: 'n' } }).length).toBeGreaterThan(0);
  });

  it('takes an unpaged list with a scroll height (version 10), still checks the page size of a paged one', () => {
    const listed = (list: Json) => problemsOf(writeRoot({ lib: { 'book.model.json': book({ version: 10, list: { columns: ['title'], ...list } }) } }));
    expect(listed({ page: false, scrollHeight: 400 })).toEqual([]);
    expect(listed({ page: { size: 20, sizes: [10, 30] } })).toEqual(['lib/models/book.model.json /list/page/size: page size must be one of page.sizes']);
    expect(listed({ page: true }).length).toBeGreaterThan(0);
    expect(listed({ scrollHeight: 20 }).length).toBeGreaterThan(0);
  });

  it('takes a list answered as an array on an unpaged list only, and write names no field has (version 15)', () => {
    const at = (problem: string) => `lib/models/book.model.json ${problem}`;
    const api = { dialect: 'api', base: '/api/lib/Book', listAnswer: 'array' };
    const answered = (list: Json) => problemsOf(writeRoot({ lib: { 'book.model.json': book({ version: 17, api, list: { columns: ['title'], ...list } }) } }));
    expect(answered({ page: false })).toEqual([]);
    expect(answered({})).toEqual([at('/api/listAnswer: a list answered as an array has no pages: it needs list.page false (and no list.rows)')]);
    const named = (fields: Json) => problemsOf(writeRoot({ lib: { 'book.model.json': book({ version: 17, entity: { table: 'lib_book', fields } }) } }));
    const title = { type: 'string', label: '书名', maxLength: 100 };
    expect(named({ title: { ...title, writeAs: 'name' } })).toEqual([]);
    expect(named({ title: { ...title, writeAs: 'parentId' }, parentId: { type: 'string', label: '上级', maxLength: 36 } })).toEqual([
      at('/entity/fields/title/writeAs: "parentId" already names a field or another field\'s writeAs'),
    ]);
    expect(named({ title: { ...title, writeAs: 'createTime' } })).toEqual([
      at('/entity/fields/title/writeAs: "createTime" already names a field or another field\'s writeAs'),
    ]);
    expect(named({ title: { ...title, writeAs: 'name' }, isbn: { ...title, writeAs: 'name' } })).toEqual([
      at('/entity/fields/isbn/writeAs: "name" already names a field or another field\'s writeAs'),
    ]);
  });

  it('takes a permission on a hook action (version 11), refuses it on an operation action and a malformed one', () => {
    const acted = (action: Json) =>
      problemsOf(writeRoot({ lib: { 'book.model.json': book({ version: 11, list: { columns: ['title'], actions: ['add', action] } }) } }));
    expect(acted({ key: 'preview', label: '预览', hook: 'lib.preview', permission: 'preview', placement: 'row' })).toEqual([]);
    expect(acted({ key: 'exportAll', label: '导出', operation: 'export', permission: 'export', placement: 'toolbar' })).toContain(
      "lib/models/book.model.json /list/actions/1/permission: an operation action has its operation's permission; only a hook action names one",
    );
    expect(acted({ key: 'preview', label: '预览', hook: 'lib.preview', permission: 'lib:book:preview', placement: 'row' }).length).toBeGreaterThan(0);
  });

  it('places a non-writable field in a form only as detailOnly (version 12), never a secret one', () => {
    const formed = (fields: unknown[]) =>
      problemsOf(
        writeRoot({
          lib: {
            'book.model.json': book({
              version: 12,
              entity: {
                table: 'lib_book',
                fields: {
                  title: { type: 'string', label: '书名', maxLength: 100 },
                  pledge: { type: 'string', label: '承诺书', maxLength: 500, writable: false },
                  token: { type: 'string', label: '令牌', maxLength: 64, secret: true },
                },
              },
              form: { fields },
            }),
          },
        }),
      );
    expect(formed(['title', 'pledge'])).toEqual([
      'lib/models/book.model.json /form/fields/1: field "pledge" is not writable (a form shows it only with "detailOnly": true)',
    ]);
    expect(formed(['title', { field: 'pledge' }]).length).toBe(1);
    expect(formed(['title', { field: 'pledge', detailOnly: true }])).toEqual([]);
    expect(
      formed([
        { field: 'title', detailOnly: true },
        { field: 'pledge', detailOnly: true },
      ]),
    ).toEqual([]);
    expect(formed(['title', { field: 'token', detailOnly: true }])).toEqual(['lib/models/book.model.json /form/fields/1: field "token" is not writable']);
    expect(formed(['title', { field: 'pledge', detailOnly: false }]).length).toBeGreaterThan(0);
  });

  it('takes an operation list (version 13): rows of a GET collection operation, row fields for the columns, read-only', () => {
    const operations = {
      loans: { route: 'GET {base}/Loans', permission: 'loans', hook: 'lib.loans' },
      recall: { route: 'POST {base}/Loans/{id}/Actions/Recall', permission: 'recall', hook: 'lib.recall' },
      renew: { route: 'PUT {base}/{id}/Actions/Renew', permission: 'edit', hook: 'lib.renew', target: 'record' },
    };
    const rows = {
      operation: 'loans',
      fields: { borrower: { type: 'string', label: '借阅人', maxLength: 50 }, dueTime: { type: 'datetime', label: '应还时间' } },
    };
    const recall = { key: 'recall', label: '召回', operation: 'recall', placement: 'row', confirm: '确定召回？' };
    const listed = (list: Json, overrides: Json = {}) =>
      problemsOf(
        writeRoot({
          lib: {
            'book.model.json': book({
              version: 17,
              entity: { table: 'lib_book', fields: { title: { type: 'string', label: '书名', maxLength: 100, keyword: true } } },
              operations,
              form: undefined,
              list: { rows, columns: ['title', 'borrower', 'dueTime'], search: ['keyword'], actions: [recall], ...list },
              ...overrides,
            }),
          },
        }),
      );
    expect(listed({})).toEqual([]);
    const at = (problem: string) => `lib/models/book.model.json ${problem}`;
    expect(listed({ rows: { ...rows, operation: 'renew' } })).toEqual([at('/list/rows/operation: "renew" is not a collection operation with a GET route')]);
    expect(listed({ rows: { ...rows, operation: 'recall' } })).toEqual([at('/list/rows/operation: "recall" is not a collection operation with a GET route')]);
    expect(listed({ rows: { ...rows, operation: 'nope' } })).toContain(at('/list/rows/operation: unknown operation "nope" (a key of operations)'));
    expect(listed({ rows: { operation: 'loans', fields: { ...rows.fields, title: { type: 'string', label: '书名', maxLength: 10 } } } })).toEqual([
      at('/list/rows/fields/title: "title" is already a field of the entity'),
    ]);
    expect(listed({ rows: { operation: 'loans', fields: { ...rows.fields, dueTime: { type: 'datetime', label: '应还时间', minimum: 1 } } } })).toContain(
      at('/list/rows/fields/dueTime/minimum: minimum needs a number type, not datetime'),
    );
    expect(listed({ actions: ['detail', recall] })).toEqual([
      at('/list/actions/0: an operation list has no built-in actions: its rows are not records of the table'),
    ]);
    expect(listed({ search: ['keyword', { field: 'title', mode: 'like' }] })).toEqual([
      at('/list/search/1: an operation list searches by keyword only (the operation reads it)'),
    ]);
    expect(listed({ columns: ['title', { field: 'dueTime', sorter: true }] })).toEqual([
      at('/list/columns/1/sorter: an operation list is in the order its operation answers'),
    ]);
    expect(listed({ page: false })).toEqual([at('/list/page: an operation list is paged (the operation answers a page)')]);
    expect(listed({}, { form: { fields: ['title'] } })).toEqual([at('/form: an operation list is read-only and has no form')]);
    // without rows, the row fields are unknown to the columns
    expect(listed({ rows: undefined })).toEqual([
      at('/list/columns/1: unknown or secret field "borrower"'),
      at('/list/columns/2: unknown or secret field "dueTime"'),
    ]);
    // a row action's condition (version 14) reads the row: entity, system and row fields, never a secret one
    const when = (visibleWhen: string, placement = 'row') => listed({ actions: [{ ...recall, placement, visibleWhen }] });
    expect(when('!isEmpty(borrower) && dueTime != null && title != "" && createBy != "admin"')).toEqual([]);
    const unknown = (name: string) =>
      expect.stringMatching(new RegExp(`^lib/models/book\\.model\\.json /list/actions/0/visibleWhen: .*Unknown field "${name}"`));
    expect(when('overdue')).toEqual([unknown('overdue')]);
    expect(when('borrower ==')).toHaveLength(1);
    expect(when('borrower != ""', 'toolbar')).toEqual([at('/list/actions/0/visibleWhen: visibleWhen tests a row: only a row action has one')]);
    const secret = listed(
      { actions: [{ ...recall, visibleWhen: 'code == "x"' }] },
      {
        entity: {
          table: 'lib_book',
          fields: {
            title: { type: 'string', label: '书名', maxLength: 100, keyword: true },
            code: { type: 'string', label: '口令', maxLength: 20, secret: true },
          },
        },
      },
    );
    expect(secret).toEqual([unknown('code')]);
  });
});

describe('extends', () => {
  const extension = (overrides: Json = {}): Json => ({
    version: 2,
    id: 'shop.book',
    extends: 'lib.book',
    entity: { fields: { price: { type: 'number', label: '价格' } }, indexes: [['price']] },
    list: { columns: ['price'], search: [{ field: 'price', mode: 'range' }] },
    form: { fields: [{ field: 'price', visibleWhen: 'title != ""' }] },
    tabs: [{ model: 'shop.order', foreignKey: 'bookId' }],
    operations: { restock: { route: 'POST {base}/Actions/Restock', permission: 'restock', hook: 'shop.restock' } },
    ...overrides,
  });
  const order: Json = {
    version: 2,
    id: 'shop.order',
    title: '订单',
    entity: { table: 'shop_order', fields: { bookId: { type: 'string', label: '图书', maxLength: 36, ref: 'lib.book', refLabel: 'title' } } },
    api: { dialect: 'api', base: '/api/shop/Order' },
    permissions: { prefix: 'shop:order:' },
  };

  it('merges an extension into its target after every module is read', () => {
    const set = loadModules([writeRoot({ lib: { 'book.model.json': book() }, shop: { 'book.model.json': extension(), 'order.model.json': order } })]);
    const merged = set.models.get('lib.book')!;
    expect(Object.keys(merged.entity.fields)).toEqual(['title', 'parentId', 'price']);
    expect(merged.entity.indexes).toEqual([['price']]);
    expect(merged.list).toEqual({ columns: ['title', 'price'], search: [{ field: 'price', mode: 'range' }] });
    expect(merged.form).toEqual({ fields: ['title', { field: 'price', visibleWhen: 'title != ""' }] });
    expect(merged.tabs).toEqual([{ model: 'shop.order', foreignKey: 'bookId' }]);
    expect(merged.operations).toEqual({ restock: { route: 'POST {base}/Actions/Restock', permission: 'restock', hook: 'shop.restock' } });
    expect(set.moduleOf.get('lib.book')!.file.id).toBe('lib');
    expect(set.models.has('shop.book')).toBe(false);
    expect(set.modules.find((m) => m.file.id === 'shop')!.extensions.map((e) => e.id)).toEqual(['shop.book']);
  });

  it('turns the target form into sections or tabs when the extension adds them', () => {
    const sections = loadModules([
      writeRoot({
        lib: { 'book.model.json': book() },
        shop: { 'book.model.json': extension({ form: { sections: [{ title: '价格', fields: ['price'] }] }, tabs: undefined }) },
      }),
    ]);
    expect(sections.models.get('lib.book')!.form).toEqual({ sections: [{ fields: ['title'] }, { title: '价格', fields: ['price'] }] });
    const tabs = loadModules([
      writeRoot({
        lib: { 'book.model.json': book() },
        shop: { 'book.model.json': extension({ form: { tabs: [{ title: '价格', fields: ['price'] }] }, tabs: undefined }) },
      }),
    ]);
    expect(tabs.models.get('lib.book')!.form).toEqual({
      tabs: [
        { title: '图书', fields: ['title'] },
        { title: '价格', fields: ['price'] },
      ],
    });
  });

  it('names the extension file and path of each problem', () => {
    const root = writeRoot({
      lib: { 'book.model.json': book() },
      shop: {
        'book.model.json': extension({
          entity: { fields: { title: { type: 'string', label: '重复', maxLength: 10 }, price: { type: 'number', label: '价格' } } },
          list: { columns: ['price', 'ghost'] },
          form: { fields: ['price', 'title'] },
          tabs: undefined,
          operations: {
            restock: { route: 'POST {base}/Actions/Restock', permission: 'restock', hook: 'shop.restock' },
            twin: { route: 'POST {base}/Actions/Restock', permission: 'x', hook: 'shop.twin' },
          },
        }),
        'ghost.model.json': { version: 2, id: 'shop.ghost', extends: 'lib.nothing' },
        'table.model.json': {
          version: 2,
          id: 'shop.table',
          extends: 'lib.book',
          entity: { table: 'lib_other' },
          api: { dialect: 'api', base: '/api/x' },
          permissions: { prefix: 'x:' },
        },
      },
    });
    expect(problemsOf(root)).toEqual([
      'shop/models/table.model.json /entity/table: an extension cannot declare this: it belongs to the extended model',
      'shop/models/table.model.json /api: an extension cannot declare this: it belongs to the extended model',
      'shop/models/table.model.json /permissions: an extension cannot declare this: it belongs to the extended model',
      'shop/models/book.model.json /entity/fields/title: field "title" already exists in lib.book',
      'shop/models/ghost.model.json /extends: unknown model "lib.nothing"',
      'shop/models/book.model.json /list/columns/1: unknown or secret field "ghost"',
      'shop/models/book.model.json /form/fields/1: field "title" appears twice',
      'shop/models/book.model.json /operations/twin/route: route "POST /api/lib/Book/Actions/Restock" is already declared in ' +
        path.join(root, 'lib/models/book.model.json'),
    ]);
  });

  it('refuses extending a form laid out differently', () => {
    const target = book({ form: { sections: [{ fields: ['title'] }] } });
    expect(problemsOf(writeRoot({ lib: { 'book.model.json': target }, shop: { 'book.model.json': extension({ tabs: undefined }) } }))).toEqual([
      'shop/models/book.model.json /form/fields: lib.book lays its form out in sections; extend it with form.sections',
    ]);
  });
});

describe('viewOf (format v3 views)', () => {
  const view = (overrides: Json = {}): Json => ({
    version: 3,
    id: 'shop.bookCard',
    viewOf: 'lib.book',
    title: '图书卡片',
    rules: { title: { maxLength: 20, messages: { maxLength: '请不要超过20个字' } }, parentId: { required: true } },
    api: { dialect: 'jeecg', base: '/admin/bookCard', operations: { update: 'POST /admin/bookCard/edit' } },
    form: { fields: ['title', 'parentId'] },
    permissions: { prefix: 'shop:bookCard:' },
    ...overrides,
  });

  it('resolves a view over the viewed model (extensions merged) with its own rules, endpoints and permission codes', () => {
    const set = loadModules([writeRoot({ lib: { 'book.model.json': book() }, shop: { 'card.model.json': view() } })]);
    const card = set.models.get('shop.bookCard')!;
    expect(card.viewOf).toBe('lib.book');
    expect(card.entity.table).toBe('lib_book');
    expect(card.entity.fields.title).toEqual({ type: 'string', label: '书名', maxLength: 20, required: true, messages: { maxLength: '请不要超过20个字' } });
    expect(card.entity.fields.parentId).toMatchObject({ required: true, maxLength: 36 });
    // the viewed model keeps its own rules
    expect(set.models.get('lib.book')!.entity.fields.title!.maxLength).toBe(100);
    expect(set.models.get('lib.book')!.entity.fields.parentId!.required).toBeUndefined();
    expect(set.moduleOf.get('shop.bookCard')!.file.id).toBe('shop');
  });

  it('refuses an unknown or viewed-view target, rules for unknown fields, a wider maxLength, and a hand-written viewOf', () => {
    const root = writeRoot({
      lib: { 'book.model.json': book() },
      shop: {
        'card.model.json': view({ rules: { ghost: { required: true }, title: { maxLength: 200 } } }),
        'lost.model.json': view({
          id: 'shop.lost',
          viewOf: 'lib.nothing',
          api: { dialect: 'jeecg', base: '/admin/lost' },
          permissions: { prefix: 'shop:lost:' },
        }),
        'twice.model.json': view({
          id: 'shop.twice',
          viewOf: 'shop.bookCard',
          api: { dialect: 'jeecg', base: '/admin/twice' },
          permissions: { prefix: 'shop:twice:' },
        }),
        'hand.model.json': {
          ...book({ version: 3 }),
          id: 'shop.hand',
          viewOf: 'lib.book',
          entity: { table: 'shop_hand', fields: { a: { type: 'text', label: 'a' } } },
        },
      },
    });
    expect(problemsOf(root)).toEqual([
      'shop/models/hand.model.json /viewOf: a model with an entity is not a view: viewOf is written by the loader',
      'shop/models/card.model.json /rules/ghost: "lib.book" has no field "ghost"',
      "shop/models/card.model.json /rules/title/maxLength: maxLength 200 exceeds the viewed field's 100",
      'shop/models/lost.model.json /viewOf: unknown model "lib.nothing"',
      'shop/models/twice.model.json /viewOf: "shop.bookCard" is a view itself; view the model it views',
    ]);
  });
});

describe('api.self (self-service on the accounts’ table)', () => {
  it('is refused off the accounts’ table, with unwritable fields, and for an update with nothing to write', () => {
    const root = writeRoot({
      lib: {
        'book.model.json': book({
          version: 3,
          api: { dialect: 'api', base: '/api/lib/Book', self: { operations: ['get', 'update'], writable: ['ghost'] } },
        }),
        'shelf.model.json': book({
          version: 3,
          id: 'lib.shelf',
          entity: { table: 'lib_shelf', fields: { title: { type: 'string', label: '名称', maxLength: 10 } } },
          api: { dialect: 'api', base: '/api/lib/Shelf', self: { operations: ['update'] } },
          permissions: { prefix: 'lib:shelf:' },
        }),
      },
    });
    expect(problemsOf(root)).toEqual([
      "lib/models/book.model.json /api/self: self-service needs the accounts' table (sys_user), whose ids are user ids",
      'lib/models/book.model.json /api/self/writable/0: unknown or unwritable field "ghost"',
      "lib/models/shelf.model.json /api/self: self-service needs the accounts' table (sys_user), whose ids are user ids",
      'lib/models/shelf.model.json /api/self/writable: a self-service update needs the fields it may write',
    ]);
  });
});
