import type { ISchema } from '@formily/json-schema';
import { describe, expect, it } from 'vitest';
import type { ModelFile } from '../../../../../runtime/model/types';
import { buildFormSchema } from '../../../../../runtime/render/form/buildFormSchema';
import type { ValidatorRule } from '../../../../../runtime/render/form/buildValidators';
import { serve, servedPosition } from '../support/servedModels';

const rulesModel: ModelFile = {
  version: 17,
  id: 'test.rules',
  title: '规则',
  entity: {
    table: 'test_rules',
    fields: {
      name: { type: 'string', label: '名称', required: true, maxLength: 5, minLength: 2 },
      code: { type: 'string', label: '编码', pattern: 'code' },
      phone: { type: 'string', label: '手机', pattern: 'phone', messages: { pattern: '手机号不对' } },
      kind: { type: 'string', label: '类型', dict: 'kind', required: true },
      level: { type: 'integer', label: '等级', enum: [1, 2, 3], required: true },
      birthday: { type: 'date', label: '生日', required: true },
      signedAt: { type: 'datetime', label: '签署时间' },
      score: { type: 'number', label: '分数', minimum: 0, maximum: 100 },
      count: { type: 'integer', label: '数量' },
      remark: { type: 'text', label: '备注', required: true, maxLength: 3, messages: { required: '请填写备注', maxLength: '备注最多{max}字' } },
    },
  },
  api: { dialect: 'api', base: '/api/test/Rules' },
  form: { fields: ['name', 'code', 'phone', 'kind', 'level', 'birthday', 'signedAt', 'score', 'count', 'remark'] },
  permissions: { prefix: 'test:rules:' },
};

function layoutOf(schema: ISchema): ISchema {
  return (schema.properties as Record<string, ISchema>).layout as ISchema;
}

function fieldsOf(schema: ISchema): Record<string, ISchema> {
  const layout = layoutOf(schema);
  const body = layout.properties as Record<string, ISchema>;
  const grid = body.grid as ISchema | undefined;
  return (grid?.properties ?? body) as Record<string, ISchema>;
}

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

/** What the field's x-validator says about a value: the required message, or the first rule it breaks. */
function errorsOf(field: ISchema | undefined, value: unknown): string[] {
  const rules = (field?.['x-validator'] ?? []) as ValidatorRule[];
  return rules.flatMap((rule) => ('required' in rule ? (isEmpty(value) ? [rule.message] : []) : [rule.validator(value)].filter(Boolean)));
}

describe('buildFormSchema: validators carry the server messages', () => {
  const fields = fieldsOf(buildFormSchema(serve(rulesModel), 'add'));

  it('required: 请输入{label} for typed fields, 请选择{label} for dict/enum/date fields, the field message first', () => {
    expect(errorsOf(fields.name, '')).toEqual(['请输入名称']);
    expect(errorsOf(fields.kind, undefined)).toEqual(['请选择类型']);
    expect(errorsOf(fields.level, null)).toEqual(['请选择等级']);
    expect(errorsOf(fields.birthday, '')).toEqual(['请选择生日']);
    expect(errorsOf(fields.remark, '')).toEqual(['请填写备注']);
    expect(fields.name?.required).toBe(true);
    expect(fields.code?.required).toBe(false);
  });

  it('maxLength / minLength count characters, not UTF-16 units', () => {
    expect(errorsOf(fields.name, '一二三四五六')).toEqual(['请不要超过5个字']);
    expect(errorsOf(fields.name, '😀😀😀😀😀')).toEqual([]);
    expect(errorsOf(fields.name, '一')).toEqual(['请至少输入2个字']);
    expect(errorsOf(fields.remark, '一二三四')).toEqual(['备注最多3字']);
  });

  it('pattern: the named pattern message, or the field message', () => {
    expect(errorsOf(fields.code, 'a.')).toEqual(['只能输入字母、数字和点，且不能以点开头或结尾!']);
    expect(errorsOf(fields.code, 'a.b')).toEqual([]);
    expect(errorsOf(fields.phone, '123')).toEqual(['手机号不对']);
  });

  it('minimum / maximum / enum / integer', () => {
    expect(errorsOf(fields.score, -1)).toEqual(['分数不能小于0']);
    expect(errorsOf(fields.score, 101)).toEqual(['分数不能大于100']);
    expect(errorsOf(fields.score, 100)).toEqual([]);
    expect(errorsOf(fields.level, 4)).toEqual(['等级的值不在可选范围内']);
    expect(errorsOf(fields.count, 1.5)).toEqual(['数量必须是整数']);
    expect(errorsOf(fields.count, '12')).toEqual([]);
  });

  it('dates must be real dates in the wire format', () => {
    expect(errorsOf(fields.birthday, '2024-02-30')).toEqual(['生日格式应为YYYY-MM-DD']);
    expect(errorsOf(fields.birthday, '2024-02-29')).toEqual([]);
    expect(errorsOf(fields.signedAt, '2024-02-29 24:00:00')).toEqual(['签署时间格式应为YYYY-MM-DD HH:mm:ss']);
  });

  it('empty optional values pass every rule', () => {
    for (const name of ['code', 'phone', 'score', 'count', 'signedAt']) expect(errorsOf(fields[name], '')).toEqual([]);
  });

  it('speaks the served language, with the label translated', () => {
    const en = fieldsOf(buildFormSchema(serve(rulesModel, 'en', { 名称: 'Name', 编码: 'Code' }), 'add'));
    expect(errorsOf(en.name, '')).toEqual(['Please enter Name']);
    expect(errorsOf(en.name, '123456')).toEqual(['No more than 5 characters']);
    expect(errorsOf(en.code, 'a.')).toEqual(['Letters, digits and dots only, not starting or ending with a dot!']);
  });

  it('refuses a field the entity does not declare', () => {
    const broken = { ...rulesModel, form: { fields: ['nope'] } };
    expect(() => buildFormSchema(serve(broken), 'add')).toThrow(/"nope"/);
  });
});

describe('buildFormSchema: widgets, props and layout', () => {
  const t = (key: string, params?: Record<string, unknown>) => `${key}:${String(params?.label)}`;

  it('picks the default widget per type and passes dictionaries and enums', () => {
    const fields = fieldsOf(buildFormSchema(serve(rulesModel), 'add'));
    expect(fields.name?.['x-component']).toBe('Input');
    expect(fields.remark?.['x-component']).toBe('Input.TextArea');
    expect(fields.score?.['x-component']).toBe('NumberPicker');
    expect(fields.birthday?.['x-component']).toBe('DatePicker');
    expect(fields.signedAt?.['x-component']).toBe('DateTimePicker');
    expect(fields.kind?.['x-component']).toBe('DictSelect');
    expect(fields.kind?.['x-component-props']).toMatchObject({ dictCode: 'kind', valueType: 'string' });
    expect(fields.level?.['x-component']).toBe('Select');
    expect(fields.level?.enum).toEqual([1, 2, 3].map((value) => ({ label: String(value), value })));
    expect(fields.name?.title).toBe('名称');
    expect(fields.name?.['x-decorator']).toBe('FormItem');
  });

  it("gives the relation form its entity field's reference (model, display field, several), never other widgets", () => {
    const model: ModelFile = {
      ...rulesModel,
      entity: {
        table: 'test_rules',
        fields: {
          caseId: { type: 'string', label: '关联案件', ref: 'test.case', refLabel: 'title' },
          caseIds: { type: 'string', label: '关联案件组', ref: 'test.case', multiple: true },
          plain: { type: 'string', label: '普通', ref: 'test.case', refLabel: 'title' },
        },
      },
      form: {
        fields: [
          { field: 'caseId', 'x-component': 'RelationForm', 'x-component-props': { columns: ['title', 'no'] } },
          { field: 'caseIds', 'x-component': 'RelationForm' },
          'plain',
        ],
      },
    };
    const fields = fieldsOf(buildFormSchema(serve(model), 'add'));
    expect(fields.caseId?.['x-component-props']).toMatchObject({ model: 'test.case', labelField: 'title', multiple: false, columns: ['title', 'no'] });
    expect(fields.caseIds?.['x-component-props']).toMatchObject({ model: 'test.case', labelField: 'id', multiple: true });
    expect(fields.plain?.['x-component']).toBe('Input');
    expect(fields.plain?.['x-component-props']).not.toHaveProperty('model');
  });

  it('uses the form item widget, numeric dictionary values and defaults on add only (Position)', () => {
    const add = fieldsOf(buildFormSchema(servedPosition(), 'add'));
    expect(add.enabledMark?.['x-component']).toBe('DictRadio');
    expect(add.enabledMark?.['x-component-props']).toMatchObject({ dictCode: 'enabled_state', valueType: 'number' });
    expect(add.enabledMark?.default).toBe(1);
    expect(add.sortCode?.default).toBe(0);
    expect(add.description?.['x-component']).toBe('Input.TextArea');
    expect(Object.keys(add)).toEqual(['fullName', 'enCode', 'sortCode', 'enabledMark', 'description']);
    const edit = fieldsOf(buildFormSchema(servedPosition(), 'edit'));
    expect(edit.enabledMark).not.toHaveProperty('default');
  });

  it('adds default placeholders when given a translate function', () => {
    const fields = fieldsOf(buildFormSchema(serve(rulesModel), 'add', { t }));
    expect(fields.name?.['x-component-props']).toMatchObject({ placeholder: 'form.inputPlaceholder:名称' });
    expect(fields.kind?.['x-component-props']).toMatchObject({ placeholder: 'form.selectPlaceholder:类型' });
  });

  it('lays out by form.layout: label and wrapper columns, a grid for several columns', () => {
    const one = buildFormSchema(servedPosition(), 'add');
    expect(layoutOf(one)['x-component-props']).toEqual({ labelCol: 6, wrapperCol: 18, labelWrap: true });
    const twoColumns = {
      ...rulesModel,
      form: { ...rulesModel.form!, layout: { labelCol: 8, wrapperCol: 14, columns: 2 }, fields: [{ field: 'name', span: 2 }, 'code'] },
    };
    const schema = buildFormSchema(serve(twoColumns), 'add');
    const layout = layoutOf(schema);
    expect(layout['x-component-props']).toEqual({ labelCol: 8, wrapperCol: 14, labelWrap: true });
    const grid = (layout.properties as Record<string, ISchema>).grid;
    expect(grid?.['x-component']).toBe('FormGrid');
    expect(grid?.['x-component-props']).toEqual({ minColumns: 2, maxColumns: 2 });
    expect(fieldsOf(schema).name?.['x-decorator-props']).toEqual({ gridSpan: 2 });
    // a one-column cell's label column is as wide as the full-row field's: twice its share of the half width
    expect(fieldsOf(schema).code?.['x-decorator-props']).toEqual({ labelCol: 16, wrapperCol: 8 });
  });

  it('gives the label of a field in a cell the share of the form the layout names, and keeps a field’s own', () => {
    const form = (fields: unknown[]) => ({ ...rulesModel, form: { ...rulesModel.form!, layout: { labelCol: 4, columns: 2 }, fields } }) as typeof rulesModel;
    expect(fieldsOf(buildFormSchema(serve(form(['name', 'code'])), 'add')).code?.['x-decorator-props']).toEqual({ labelCol: 8, wrapperCol: 16 });
    const own = form(['name', { field: 'code', 'x-decorator-props': { labelCol: 6 } }]);
    expect(fieldsOf(buildFormSchema(serve(own), 'add')).code?.['x-decorator-props']).toEqual({ labelCol: 6 });
  });

  it('on a narrow screen stacks labels above their fields in one column, whatever form.layout says', () => {
    const twoColumns = { ...rulesModel, form: { ...rulesModel.form!, layout: { labelCol: 8, wrapperCol: 14, columns: 2 } } };
    const layout = layoutOf(buildFormSchema(serve(twoColumns), 'add', { narrow: true }));
    expect(layout['x-component-props']).toEqual({ layout: 'vertical' });
    expect((layout.properties as Record<string, ISchema>).grid).toBeUndefined();
    expect(Object.keys(layout.properties as Record<string, ISchema>)).toContain('name');
  });
});
