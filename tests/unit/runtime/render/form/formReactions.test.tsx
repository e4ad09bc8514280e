import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createHookRegistry } from '../../../../../runtime/hooks/createHookRegistry';
import type { ModelFile } from '../../../../../runtime/model/types';
import { buildFormSchema, type FormMode } from '../../../../../runtime/render/form/buildFormSchema';
import { createRecordForm } from '../../../../../runtime/render/form/createRecordForm';
import { formWidgetNames } from '../../../../../runtime/render/form/formWidgetNames';
import { SchemaForm } from '../../../../../runtime/render/form/SchemaForm';
import { serve } from '../support/servedModels';
import { renderWithRuntime, testRuntime } from '../support/testRuntime';

const sampleModel = (form: Record<string, unknown>, fields: Record<string, unknown> = {}) =>
  ({
    version: 1,
    id: 'test.sample',
    title: '样品',
    entity: {
      table: 'test_sample',
      fields: {
        kind: { type: 'integer', label: '类别' },
        detail: { type: 'string', label: '类别说明' },
        code: { type: 'string', label: '编号' },
        remark: { type: 'string', label: '备注', requiredWhen: 'kind == 2' },
        price: { type: 'number', label: '单价' },
        quantity: { type: 'integer', label: '数量' },
        total: { type: 'number', label: '金额', compute: 'round(price * quantity, 2)' },
        ...fields,
      },
    },
    api: { dialect: 'api', base: '/api/test/Sample' },
    form,
    permissions: { prefix: 'test:sample:' },
  }) as unknown as ModelFile;

const reactiveForm = {
  fields: ['kind', { field: 'detail', visibleWhen: 'kind == 1' }, { field: 'code', disabledWhen: 'kind == 3' }, 'remark', 'price', 'quantity', 'total'],
};

/** Renders the form once Formily and its widgets are loaded, as a list page preloads them before its first dialog. */
async function renderForm(model: ModelFile, mode: FormMode = 'add', values?: Record<string, unknown>, hooks = createHookRegistry()) {
  const runtime = testRuntime({ hooks });
  const served = serve(model);
  await Promise.all([runtime.SchemaField.preload(), runtime.fields.preload(formWidgetNames(served))]);
  const form = createRecordForm({ initialValues: values, readPretty: mode === 'detail' });
  const schema = buildFormSchema(served, mode, { t: runtime.t, hooks });
  renderWithRuntime(<SchemaForm form={form} schema={schema} />, runtime);
  return form;
}

describe('form reactions from the model', () => {
  it('visibleWhen shows a field only while its expression holds', async () => {
    const form = await renderForm(sampleModel(reactiveForm));
    expect(screen.queryByRole('textbox', { name: '类别说明' })).not.toBeInTheDocument();
    act(() => form.setValuesIn('kind', 1));
    expect(await screen.findByRole('textbox', { name: '类别说明' })).toBeInTheDocument();
    act(() => form.setValuesIn('kind', 2));
    await waitFor(() => expect(screen.queryByRole('textbox', { name: '类别说明' })).not.toBeInTheDocument());
  });

  it('disabledWhen disables a field while its expression holds', async () => {
    const form = await renderForm(sampleModel(reactiveForm));
    expect(screen.getByRole('textbox', { name: '编号' })).toBeEnabled();
    act(() => form.setValuesIn('kind', 3));
    await waitFor(() => expect(screen.getByRole('textbox', { name: '编号' })).toBeDisabled());
    act(() => form.setValuesIn('kind', 1));
    await waitFor(() => expect(screen.getByRole('textbox', { name: '编号' })).toBeEnabled());
  });

  it('requiredWhen requires a field, with the model message, only while its expression holds', async () => {
    const form = await renderForm(sampleModel(reactiveForm));
    await act(async () => void (await form.validate().catch(() => undefined)));
    expect(screen.queryByText('请输入备注')).not.toBeInTheDocument();
    act(() => form.setValuesIn('kind', 2));
    await act(async () => void (await form.validate().catch(() => undefined)));
    expect(await screen.findByText('请输入备注')).toBeInTheDocument();
    expect((form.query('remark').take() as { required?: boolean } | undefined)?.required).toBe(true);
  });

  it('compute keeps a read-only field at the expression’s value', async () => {
    const form = await renderForm(sampleModel(reactiveForm));
    act(() => {
      form.setValuesIn('price', 2.345);
      form.setValuesIn('quantity', 3);
    });
    await waitFor(() => expect(form.values.total).toBe(7.04));
    act(() => form.setValuesIn('quantity', null));
    await waitFor(() => expect(form.values.total).toBeNull());
    expect(form.query('total').take()?.pattern).toBe('readOnly');
  });

  it('a calculation rule follows an editable table’s rows live: no verdict until every row has value, min and max', async () => {
    const number = (key: string, title: string) => ({ key, title, type: 'inputNumber' });
    const model = sampleModel(
      {
        fields: [
          {
            field: 'checks',
            'x-component': 'EditableTable',
            'x-component-props': { columns: [number('value', '测量值'), number('min', '下限'), number('max', '上限')] },
          },
          'verdict',
          'strength',
        ],
      },
      {
        checks: { type: 'json', label: '范围检查' },
        verdict: { type: 'string', label: '判定', compute: "rangeCheck(checks) == null ? '' : rangeCheck(checks) ? '合格' : '不合格'" },
        strength: { type: 'number', label: '强度', compute: "roundEven(medianAverage(column(checks, 'value')), 2)" },
      },
    );
    const form = await renderForm(model, 'add', {
      checks: [
        { id: 'a', value: 100, min: 80, max: 120 },
        { id: 'b', value: 110, min: 80, max: 120 },
        { id: 'c', value: 90, min: 80 },
      ],
    });
    // the third row has no maximum: no verdict yet; both extremes exactly 10 % from the median: the mean
    await waitFor(() => expect(form.values.strength).toBe(100));
    expect(form.values.verdict).toBe('');
    const cell = (row: string, column: string) =>
      within(document.querySelector(`[role="row"][data-row-key="${row}"] [role="cell"][data-column="${column}"]`) as HTMLElement).getByRole('textbox');
    fireEvent.change(cell('c', 'max'), { target: { value: '89.99' } });
    await waitFor(() => expect(form.values.verdict).toBe('不合格'));
    fireEvent.change(cell('c', 'max'), { target: { value: '90' } });
    await waitFor(() => expect(form.values.verdict).toBe('合格'));
    // both within: the mean of 100, 104 and 90; one beyond (111): the median; an emptied reading: nothing
    fireEvent.change(cell('b', 'value'), { target: { value: '104' } });
    await waitFor(() => expect(form.values.strength).toBe(98));
    fireEvent.change(cell('b', 'value'), { target: { value: '111' } });
    await waitFor(() => expect(form.values.strength).toBe(100));
    fireEvent.change(cell('a', 'value'), { target: { value: '' } });
    await waitFor(() => expect(form.values.strength).toBeNull());
  });

  it('the detail view keeps visibleWhen and shows the stored values read-only', async () => {
    await renderForm(sampleModel(reactiveForm), 'detail', { kind: 2, detail: '隐藏的说明', total: 9.5, price: 1, quantity: 1 });
    expect(screen.queryByText('隐藏的说明')).not.toBeInTheDocument();
    expect(screen.getByText('9.5')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('runs a field’s formReaction hooks, again when a value they read changes', async () => {
    const hooks = createHookRegistry();
    hooks.register('formReaction', 'test.codeFromKind', (field, { mode }) => {
      const kind = field.form.values.kind as number | undefined;
      field.setComponentProps({ placeholder: `${mode}:${kind ?? '-'}` });
    });
    const form = await renderForm(sampleModel({ fields: ['kind', { field: 'code', hooks: ['test.codeFromKind'] }] }), 'add', undefined, hooks);
    expect(screen.getByRole('textbox', { name: '编号' })).toHaveAttribute('placeholder', 'add:-');
    act(() => form.setValuesIn('kind', 4));
    await waitFor(() => expect(screen.getByRole('textbox', { name: '编号' })).toHaveAttribute('placeholder', 'add:4'));
  });

  it('refuses a model expression naming an unknown field, with the model and the JSON path', () => {
    const broken = sampleModel({ fields: ['kind', { field: 'detail', visibleWhen: 'knid == 1' }] });
    expect(() => buildFormSchema(serve(broken), 'add')).toThrow(
      'model test.sample: form.fields[1].visibleWhen: Unknown field "knid" at character 0 in expression "knid == 1"',
    );
    const badCompute = sampleModel({ fields: ['total'] }, { total: { type: 'number', label: '金额', compute: 'price.toFixed(2)' } });
    expect(() => buildFormSchema(serve(badCompute), 'add')).toThrow(/^model test.sample: entity.fields.total.compute: Calling a method/);
  });

  it('refuses an unregistered formReaction hook, naming model and path', () => {
    const model = sampleModel({ fields: [{ field: 'code', hooks: ['test.nope'] }] });
    expect(() => buildFormSchema(serve(model), 'add', { hooks: createHookRegistry() })).toThrow(
      'model test.sample: form.fields[0].hooks[0] names the formReaction hook "test.nope", which is not registered in this runtime',
    );
  });
});

describe('form layout from the model', () => {
  it('renders titled sections with their own grid and spans', async () => {
    await renderForm(
      sampleModel({
        sections: [
          { title: '基本信息', columns: 2, fields: ['kind', { field: 'code', span: 2 }] },
          { title: '价格', fields: ['price', 'quantity'] },
        ],
      }),
    );
    // the section and tab widgets load lazily: a busy machine may take a while the first time
    expect(await screen.findByRole('group', { name: '基本信息' }, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: '价格' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: '编号' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: '备注' })).not.toBeInTheDocument();
  });

  it('renders tabs of sections or fields, every tab’s fields in the one form', async () => {
    const form = await renderForm(
      sampleModel({
        tabs: [
          { title: '基本', fields: ['kind', 'code'] },
          { title: '价格', sections: [{ title: '计价', fields: ['price', 'quantity'] }] },
        ],
      }),
    );
    expect(await screen.findByRole('tab', { name: '基本' }, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '价格' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: '编号' })).toBeInTheDocument();
    await waitFor(() => expect(form.query('price').take()).toBeTruthy(), { timeout: 20_000 });
    expect(form.query('remark').take()).toBeUndefined();
  });
});
