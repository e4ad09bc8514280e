import { describe, expect, it } from 'vitest';
import { checkFieldValue, ruleMessage, type RuleTexts } from '../../../../runtime/model/fieldRules';
import type { FieldDef } from '../../../../runtime/model/types';

const zh: RuleTexts = { lang: 'zh-CN', text: (t) => t, patternMessage: '只能输入字母、数字和点，且不能以点开头或结尾!' };
const en: RuleTexts = { lang: 'en', text: (t) => ({ 岗位名称: 'Position name', 状态: 'Status' })[t] ?? t };
const CODE = /^[A-Za-z0-9](?:[A-Za-z0-9.]*[A-Za-z0-9])?$/;

const name: FieldDef = { type: 'string', label: '岗位名称', required: true, maxLength: 5 };
const code: FieldDef = { type: 'string', label: '岗位编码', required: true, maxLength: 50, minLength: 2, pattern: 'code' };
const state: FieldDef = { type: 'integer', label: '状态', enum: [0, 1], dict: 'enabled_state', required: true };
const sort: FieldDef = { type: 'integer', label: '排序', minimum: 0, maximum: 10 };

describe('field rules: one implementation for the server and the form', () => {
  it.each([
    [name, undefined, 'required', '请输入岗位名称'],
    [name, '', 'required', '请输入岗位名称'],
    [state, null, 'required', '请选择状态'],
    [name, '检测工程师甲', 'maxLength', '请不要超过5个字'],
    [code, 'a', 'minLength', '请至少输入2个字'],
    [code, 'a.', 'pattern', '只能输入字母、数字和点，且不能以点开头或结尾!'],
    [state, 2, 'enum', '状态的值不在可选范围内'],
    [sort, 'x', 'integer', '排序必须是整数'],
    [sort, -1, 'minimum', '排序不能小于0'],
    [sort, 11, 'maximum', '排序不能大于10'],
    [{ type: 'date', label: '日期' } as FieldDef, '2026-02-30', 'date', '日期格式应为YYYY-MM-DD'],
  ] as const)('%#: %j breaks %s', (def, raw, rule, message) => {
    const checked = checkFieldValue(def, raw, def.pattern ? CODE : undefined);
    expect(checked).toEqual({ ok: false, rule });
    if (!checked.ok) expect(ruleMessage(def, checked.rule, zh)).toBe(message);
  });

  it('accepts only the listed extensions of a file or image field, each stored path of a comma-joined value', () => {
    const photo: FieldDef = { type: 'image', label: '证件照', accept: ['.jpg', '.jpeg', '.png'] };
    const commitment: FieldDef = { type: 'file', label: '诚信承诺书', accept: ['.pdf', '.jpg'] };
    expect(checkFieldValue(photo, 'avatar/a.png')).toEqual({ ok: true, value: 'avatar/a.png' });
    expect(checkFieldValue(photo, 'image/a.JPG,image/b.jpeg')).toEqual({ ok: true, value: 'image/a.JPG,image/b.jpeg' });
    for (const bad of ['avatar/a.gif', 'image/a.png,image/b.webp', 'image/noextension', 'image.png/x']) {
      const checked = checkFieldValue(photo, bad);
      expect(checked, bad).toEqual({ ok: false, rule: 'accept' });
    }
    // the spec's image message (001 §5) for a jpg/png image field, the types named for any other
    expect(ruleMessage(photo, 'accept', zh)).toBe('请上传png或jpg格式的图片');
    expect(ruleMessage(photo, 'accept', en)).toBe('Please upload a png or jpg image');
    expect(checkFieldValue(commitment, 'document/a.docx')).toEqual({ ok: false, rule: 'accept' });
    expect(ruleMessage(commitment, 'accept', zh)).toBe('请上传pdf/jpg格式的文件');
    // a required upload left empty says 请上传
    expect(ruleMessage({ ...photo, required: true }, 'required', zh)).toBe('请上传证件照');
    // no accept list: any stored path
    expect(checkFieldValue({ type: 'file', label: '附件' }, 'annex/a.zip')).toEqual({ ok: true, value: 'annex/a.zip' });
  });

  it('counts characters, not UTF-16 units: 5 CJK extension characters fit maxLength 5', () => {
    expect(checkFieldValue(name, '𠀀𠀁𠀂𠀃𠀄')).toEqual({ ok: true, value: '𠀀𠀁𠀂𠀃𠀄' });
  });

  it('stores numeric strings as numbers and empty optional values as null', () => {
    expect(checkFieldValue(sort, '7')).toEqual({ ok: true, value: 7 });
    expect(checkFieldValue(sort, '')).toEqual({ ok: true, value: null });
    expect(checkFieldValue({ type: 'text', label: '说明' }, '')).toEqual({ ok: true, value: '' });
  });

  it("prefers the field's own message, translated, and fills {label} in the language asked", () => {
    expect(ruleMessage({ ...name, messages: { required: '请输入员工姓名' } }, 'required', zh)).toBe('请输入员工姓名');
    expect(ruleMessage(name, 'required', en)).toBe('Please enter Position name');
    expect(ruleMessage(state, 'required', en)).toBe('Please select Status');
    expect(ruleMessage(name, 'unique', zh)).toBe('岗位名称已存在');
  });
});
