import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { useEffect, useState, type ReactNode } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { designerAppResources } from '../../../designer/i18n';
import { manifestResources, widgetManifests } from '../../../designer/manifests';
import { blankModel } from '../../../designer/ops/blankModel';
import { formContainers, itemName } from '../../../designer/ops/formContainers';
import { placeWidget } from '../../../designer/ops/placeWidget';
import { FieldPanel } from '../../../designer/panels/FieldPanel';
import { ListPanel } from '../../../designer/panels/ListPanel';
import { ModelPanel } from '../../../designer/panels/ModelPanel';
import type { FormFieldItem, ModelFile } from '../../../runtime/model/types';
import { PATTERN_NAMES } from '../../../runtime/validation/patterns';
import { createModelFileCheck } from '../../../server/engine/loadModules';

// Issue 12's designer panels: the field rules (required, length, pattern code, dictionary, unique,
// default, computed value, reactions), the list designer (columns, sorters, search fields, actions,
// page sizes, sort) and the model panel (a tree model, sub-record tabs, the permission prefix) write the
// model file itself, and what they write passes the release checks.

const TEXTS = { label: '新字段', sectionTitle: '分组', tabTitle: '选项卡' };
const check = createModelFileCheck();
type Change = (edit: (m: ModelFile) => ModelFile) => void;

function i18n() {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({ lng: 'zh-CN', resources: {}, initAsync: false, showSupportNotice: false });
  for (const [lang, bundle] of Object.entries(manifestResources)) instance.addResourceBundle(lang, 'designer', bundle);
  for (const [lang, bundle] of Object.entries(designerAppResources)) instance.addResourceBundle(lang, 'designerApp', bundle);
  return instance;
}

/** A panel over a model kept in state, as the design editor keeps it; `seen` holds the latest model. */
function Harness({ start, panel, seen }: { start: ModelFile; panel(model: ModelFile, change: Change): ReactNode; seen: { model: ModelFile } }) {
  const [model, setModel] = useState(start);
  useEffect(() => {
    seen.model = model;
  }, [model, seen]);
  return <>{panel(model, (edit) => setModel((m) => edit(m)))}</>;
}

/** A probe design with `widgets` placed after its text field (field1); the placed field names in order. */
function probe(widgets: string[]): { model: ModelFile; fields: string[] } {
  let model = blankModel('probe', '探针', '名称', '基本信息');
  const fields: string[] = [];
  for (const name of widgets) {
    const manifest = widgetManifests.find((m) => m.name === name)!;
    const next = placeWidget(model, manifest, formContainers(model)[0]!.path, 99, TEXTS);
    model = next.model;
    fields.push(next.field);
  }
  return { model, fields };
}

const formItem = (label: string) => screen.getByText(label, { selector: 'label' }).closest('.ant-form-item') as HTMLElement;
const typeInto = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });

/**
 * Opens the antd select inside `root` and answers its dropdown: the one that appeared with this opening
 * (antd renders a select's dropdown on its first opening, and in tests every select has the same id, so
 * the dropdown cannot be found by its list's id).
 */
async function openSelect(root: HTMLElement): Promise<HTMLElement> {
  const before = new Set(document.querySelectorAll('.ant-select-dropdown'));
  fireEvent.mouseDown(root.querySelector('.ant-select-selector')!);
  return waitFor(() => {
    const fresh = [...document.querySelectorAll<HTMLElement>('.ant-select-dropdown')].filter((d) => !before.has(d));
    expect(fresh, 'one new dropdown').toHaveLength(1);
    return fresh[0]!;
  });
}

/** Clicks the option titled `option` in an open dropdown. */
async function pickIn(dropdown: HTMLElement, option: string): Promise<void> {
  const hit = await waitFor(() => {
    const found = [...dropdown.querySelectorAll<HTMLElement>('.ant-select-item-option')].find((o) => o.getAttribute('title') === option);
    expect(found, `option ${option}`).toBeDefined();
    return found!;
  });
  fireEvent.click(hit);
}

/** Opens the select inside `root`, picks `option` and closes it. */
async function chooseIn(root: HTMLElement, option: string): Promise<void> {
  await pickIn(await openSelect(root), option);
  fireEvent.keyDown(root.querySelector('input')!, { key: 'Escape' });
}

/** The same for the select under a form label. */
const choose = (label: string, option: string) => chooseIn(formItem(label), option);

const placementOf = (model: ModelFile, field: string): FormFieldItem | undefined =>
  formContainers(model)
    .flatMap((c) => c.items)
    .find((item) => itemName(item) === field);

describe('designer panels write the model file', () => {
  it('field rules: required, unique, lengths, pattern, dictionary, bill-number default, computed value and reactions', async () => {
    const { model, fields } = probe(['Input', 'NumberPicker', 'NumberPicker']);
    const [dictField, quantity, amount] = fields as [string, string, string];
    const seen = { model };
    const i = i18n();
    const view = (field: string) => (
      <I18nextProvider i18n={i}>
        <Harness start={model} seen={seen} panel={(m, change) => <FieldPanel model={m} field={field} change={change} />} />
      </I18nextProvider>
    );
    const { rerender } = render(view('field1'));

    fireEvent.click(screen.getByRole('checkbox', { name: '必填' }));
    fireEvent.click(screen.getByRole('checkbox', { name: '唯一' }));
    typeInto(within(formItem('最大长度')).getByRole('spinbutton'), '30');
    typeInto(within(formItem('最小长度')).getByRole('spinbutton'), '2');
    await choose('校验规则', PATTERN_NAMES[0]!);
    await choose('系统默认值', 'billNumber');
    typeInto(within(formItem('显示条件')).getByRole('textbox'), `${quantity} > 0`);
    typeInto(within(formItem('禁用条件')).getByRole('textbox'), `${quantity} > 9`);
    await waitFor(() =>
      expect(seen.model.entity.fields.field1).toMatchObject({
        required: true,
        unique: true,
        maxLength: 30,
        minLength: 2,
        pattern: PATTERN_NAMES[0],
        default: { computed: 'billNumber', rule: 'online_probe_field1' },
      }),
    );
    expect(placementOf(seen.model, 'field1')).toMatchObject({ visibleWhen: `${quantity} > 0`, disabledWhen: `${quantity} > 9` });

    rerender(view(dictField));
    typeInto(screen.getByLabelText('数据字典'), 'sample_type');
    typeInto(screen.getByLabelText('默认值'), '土样');
    typeInto(within(formItem('条件必填')).getByRole('textbox'), `${quantity} > 5`);
    rerender(view(quantity));
    typeInto(within(formItem('最小值')).getByRole('spinbutton'), '0');
    typeInto(within(formItem('最大值')).getByRole('spinbutton'), '1000');
    rerender(view(amount));
    typeInto(screen.getByLabelText('计算公式'), `round(${quantity} * 2, 2)`);
    await waitFor(() => expect(seen.model.entity.fields[amount]).toMatchObject({ compute: `round(${quantity} * 2, 2)` }));
    expect(seen.model.entity.fields[dictField]).toMatchObject({ dict: 'sample_type', default: '土样', requiredWhen: `${quantity} > 5` });
    expect(seen.model.entity.fields[quantity]).toMatchObject({ minimum: 0, maximum: 1000 });
    expect(check(seen.model, 'probe')).toEqual([]);
  });

  it('list designer: columns, sorters, search fields and their match, actions, page sizes and the default sort', async () => {
    const { model, fields } = probe(['NumberPicker']);
    const [quantity] = fields as [string];
    const fieldLabel = model.entity.fields[quantity]!.label;
    const option = `${fieldLabel} (${quantity})`;
    const seen = { model };
    render(
      <I18nextProvider i18n={i18n()}>
        <Harness start={model} seen={seen} panel={(m, change) => <ListPanel model={m} change={change} />} />
      </I18nextProvider>,
    );

    // a placed field is already a column: taken out, then back
    expect(seen.model.list!.columns).toEqual(['field1', quantity]);
    const columnList = await openSelect(formItem('列表字段'));
    await pickIn(columnList, option);
    await waitFor(() => expect(seen.model.list!.columns).toEqual(['field1']));
    await pickIn(columnList, option);
    await waitFor(() => expect(seen.model.list!.columns).toEqual(['field1', quantity]));
    fireEvent.keyDown(formItem('列表字段').querySelector('input')!, { key: 'Escape' });
    fireEvent.click(within(formItem('可排序')).getByRole('checkbox', { name: fieldLabel }));
    await choose('查询字段', option);
    await choose(`匹配方式: ${fieldLabel}`, 'range');
    fireEvent.click(within(formItem('按钮')).getByRole('checkbox', { name: 'superQuery' }));
    fireEvent.click(within(formItem('按钮')).getByRole('checkbox', { name: 'detail' }));
    // a page size offered beside the others (a tag typed in), then the default page size
    const sizesInput = formItem('可选每页条数').querySelector('input')!;
    fireEvent.mouseDown(formItem('可选每页条数').querySelector('.ant-select-selector')!);
    typeInto(sizesInput, '30');
    fireEvent.keyDown(sizesInput, { key: 'Enter', keyCode: 13 });
    await waitFor(() => expect((seen.model.list!.page as { sizes: number[] }).sizes).toEqual([10, 20, 50, 100, 30]));
    fireEvent.keyDown(sizesInput, { key: 'Escape' });
    typeInto(within(formItem('每页条数')).getByRole('spinbutton'), '30');
    await choose('排序字段', option);
    await choose('顺序', '升序');

    await waitFor(() => expect(seen.model.entity.defaultSort).toEqual({ field: quantity, order: 'asc' }));
    expect(seen.model.list).toMatchObject({
      columns: ['field1', { field: quantity, sorter: true }],
      search: ['keyword', { field: quantity, mode: 'range' }],
      page: { size: 30, sizes: [10, 20, 50, 100, 30] },
    });
    expect([...(seen.model.list!.actions as string[])].sort()).toEqual(['add', 'delete', 'deleteBatch', 'edit', 'superQuery']);
    expect(check(seen.model, 'probe')).toEqual([]);

    // an unpaged list, and paged again
    fireEvent.click(within(formItem('不分页')).getByRole('checkbox'));
    await waitFor(() => expect(seen.model.list!.page).toBe(false));
    fireEvent.click(within(formItem('不分页')).getByRole('checkbox'));
    await waitFor(() => expect(seen.model.list!.page).toEqual({}));
  });

  it('model panel: a tree (parent and label fields, root value, lazy, tree table), a sub-record tab and the permission prefix', async () => {
    const { model, fields } = probe(['Input']);
    const [parent] = fields as [string];
    const seen = { model };
    render(
      <I18nextProvider i18n={i18n()}>
        <Harness
          start={model}
          seen={seen}
          panel={(m, change) => <ModelPanel model={m} designs={['online.probe', 'online.sampleReceiptItem']} change={change} />}
        />
      </I18nextProvider>,
    );

    await choose('树形结构: 上级字段', `${model.entity.fields[parent]!.label} (${parent})`);
    await screen.findByTestId('tree-settings');
    await choose('节点标题字段', '名称 (field1)');
    typeInto(screen.getByLabelText('根节点上级值'), '0');
    fireEvent.click(within(formItem('展开时加载子节点')).getByRole('checkbox'));
    fireEvent.click(screen.getByRole('radio', { name: '树形表格' }));
    fireEvent.click(screen.getByRole('button', { name: '添加子表' }));
    const tab = await screen.findByTestId('sub-tab');
    await chooseIn(tab, 'online.sampleReceiptItem');
    typeInto(within(tab).getByLabelText('关联字段'), 'receiptId');
    typeInto(within(tab).getByLabelText('选项卡标题'), '收样明细');

    await waitFor(() => expect(seen.model.tabs).toEqual([{ model: 'online.sampleReceiptItem', foreignKey: 'receiptId', title: '收样明细' }]));
    expect(seen.model.tree).toEqual({ parentField: parent, labelField: 'field1', rootValue: '0', lazy: true });
    expect(seen.model.screen).toEqual({ kind: 'treeTable' });
    expect(check(seen.model, 'probe')).toEqual([]);

    typeInto(screen.getByLabelText('权限前缀'), 'online:probeLab:');
    await waitFor(() => expect(seen.model.permissions.prefix).toBe('online:probeLab:'));
  });
});
