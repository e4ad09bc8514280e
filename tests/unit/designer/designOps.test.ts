import { describe, expect, it } from 'vitest';
import { widgetManifests } from '../../../designer/manifests';
import { blankModel } from '../../../designer/ops/blankModel';
import { moveItem, removeField, updateField, updateItem } from '../../../designer/ops/editFields';
import { formContainers, itemName } from '../../../designer/ops/formContainers';
import { getAt, updateAt } from '../../../designer/ops/jsonPointer';
import { placeWidget } from '../../../designer/ops/placeWidget';
import { record, redo, startHistory, undo } from '../../../designer/state/createHistory';

const TEXTS = { label: '新字段', sectionTitle: '分组', tabTitle: '选项卡' };
const manifest = (name: string) => widgetManifests.find((m) => m.name === name)!;
const names = (model: ReturnType<typeof blankModel>) => formContainers(model).map((c) => c.items.map(itemName));

describe('designer operations on the model file', () => {
  it('places an input widget as a new field of the entity, the form and the list', () => {
    const start = blankModel('probe', '探针', '名称', '基本信息');
    const { model, field } = placeWidget(start, manifest('DictSelect'), '/form/sections/0/fields', 0, TEXTS);
    expect(field).toBe('field2');
    expect(model.entity.fields.field2).toEqual({ type: 'string', label: '新字段', maxLength: 100 });
    expect(getAt(model, '/form/sections/0/fields/0')).toEqual({ field: 'field2', 'x-component': 'DictSelect', 'x-component-props': { allowClear: true } });
    expect(model.list!.columns).toEqual(['field1', 'field2']);
    // the model it started from is untouched (undo keeps it)
    expect(start.entity.fields).not.toHaveProperty('field2');
  });

  it('places sections and tabs, each with a field (the format wants one)', () => {
    let model = blankModel('probe', '探针', '名称', '基本信息');
    model = placeWidget(model, manifest('FormGrid'), null, 0, TEXTS).model;
    expect(model.form!.sections!.map((s) => s.columns)).toEqual([undefined, 2]);
    model = placeWidget(model, manifest('FormTab'), null, 0, TEXTS).model;
    expect(model.form!.sections).toBeUndefined();
    expect(model.form!.tabs!.map((t) => t.title)).toEqual(['选项卡', '选项卡']);
    expect(names(model)).toEqual([['field1'], ['field2'], ['field3']]);
  });

  it('moves a field within a list and across lists; a section left empty goes', () => {
    let model = blankModel('probe', '探针', '名称', '基本信息');
    model = placeWidget(model, manifest('Input'), '/form/sections/0/fields', 1, TEXTS).model;
    model = moveItem(model, '/form/sections/0/fields', 1, '/form/sections/0/fields', 0);
    expect(names(model)).toEqual([['field2', 'field1']]);
    model = placeWidget(model, manifest('FormSection'), null, 0, TEXTS).model;
    model = moveItem(model, '/form/sections/1/fields', 0, '/form/sections/0/fields', 1);
    expect(names(model)).toEqual([['field2', 'field3', 'field1']]);
    expect(model.form!.sections).toHaveLength(1);
  });

  it('removes a field everywhere it is named', () => {
    let model = blankModel('probe', '探针', '名称', '基本信息');
    model = placeWidget(model, manifest('Input'), '/form/sections/0/fields', 1, TEXTS).model;
    model = {
      ...model,
      list: { ...model.list!, search: ['keyword', { field: 'field2', mode: 'eq' }] },
      entity: { ...model.entity, defaultSort: { field: 'field2', order: 'asc' } },
    };
    model = removeField(model, 'field2');
    expect(model.entity.fields).not.toHaveProperty('field2');
    expect(names(model)).toEqual([['field1']]);
    expect(model.list!.search).toEqual(['keyword']);
    expect(model.entity.defaultSort).toBeUndefined();
  });

  it('edits rules and placements; an item with nothing but its name collapses to the name', () => {
    let model = blankModel('probe', '探针', '名称', '基本信息');
    model = updateField(model, 'field1', { required: true, maxLength: undefined });
    expect(model.entity.fields.field1).toEqual({ type: 'string', label: '名称', required: true, keyword: true });
    model = updateItem(model, '/form/sections/0/fields/0', { span: 2, visibleWhen: 'field1 != ""' });
    expect(getAt(model, '/form/sections/0/fields/0')).toEqual({ field: 'field1', span: 2, visibleWhen: 'field1 != ""' });
    model = updateItem(model, '/form/sections/0/fields/0', { span: undefined, visibleWhen: undefined });
    expect(getAt(model, '/form/sections/0/fields/0')).toBe('field1');
  });

  it('updates by JSON pointer, copying only the path', () => {
    const root = { a: { b: [1, 2] }, c: { d: 1 } };
    const next = updateAt(root, '/a/b/1', () => 3);
    expect(next).toEqual({ a: { b: [1, 3] }, c: { d: 1 } });
    expect(next.c).toBe(root.c);
    expect(getAt(root, '/a/b/1')).toBe(2);
  });

  it('undoes and redoes edits; a new edit drops the redo branch', () => {
    let h = startHistory(1);
    h = record(h, 2);
    h = record(h, 3);
    h = undo(h);
    expect(h.present).toBe(2);
    h = redo(h);
    expect(h.present).toBe(3);
    h = undo(undo(h));
    expect(h.present).toBe(1);
    expect(undo(h)).toBe(h);
    h = record(h, 4);
    expect(h.future).toEqual([]);
    expect(redo(h)).toBe(h);
  });
});
