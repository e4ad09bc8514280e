import { createForm } from '@formily/core';
import { FormProvider } from '@formily/react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createRuntime } from '../../../../runtime/createRuntime';
import { staticDictSource } from '../../../../runtime/fields/dict/createDictSource';
import { RuntimeProvider } from '../../../../runtime/render/RuntimeProvider';
import { TEST_DICTS, testI18n, testModels, unreachableHttp } from '../render/support/testRuntime';

function renderField(field: Record<string, unknown>, options: { readPretty?: boolean; initialValues?: Record<string, unknown> } = {}) {
  const runtime = createRuntime({
    http: unreachableHttp,
    i18n: testI18n(),
    access: { has: () => true, subActions: () => [] },
    models: testModels(),
    dicts: staticDictSource(TEST_DICTS),
  });
  const form = createForm({ initialValues: options.initialValues, pattern: options.readPretty ? 'readPretty' : 'editable' });
  const { SchemaField } = runtime;
  render(
    <RuntimeProvider runtime={runtime}>
      <FormProvider form={form}>
        <SchemaField schema={{ type: 'object', properties: { value: { type: 'string', ...field } } }} />
      </FormProvider>
    </RuntimeProvider>,
  );
  return form;
}

describe('dictionary widgets', () => {
  it('DictRadio offers the items and stores numbers for numeric fields', async () => {
    const form = renderField({ 'x-component': 'DictRadio', 'x-component-props': { dictCode: 'enabled_state', valueType: 'number' } });
    await userEvent.click(await screen.findByRole('radio', { name: '禁用' }));
    expect(form.values.value).toBe(0);
  });

  it('DictSelect and DictRadio read pretty as the item tag in its colour', async () => {
    renderField({ 'x-component': 'DictSelect', 'x-component-props': { dictCode: 'enabled_state' } }, { readPretty: true, initialValues: { value: 1 } });
    expect(await screen.findByText('启用')).toHaveClass('ant-tag-green');
  });

  it('DictTag shows nothing for an empty value', () => {
    renderField({ 'x-component': 'DictTag', 'x-component-props': { dictCode: 'enabled_state' } });
    expect(document.querySelector('.ant-tag')).toBeNull();
  });
});

// the date pickers are registered lazily: the first render of each waits for its code
describe('date widgets keep string values', () => {
  it('DatePicker shows and keeps a YYYY-MM-DD string', async () => {
    const form = renderField({ 'x-component': 'DatePicker' }, { initialValues: { value: '2024-05-06' } });
    expect(await screen.findByDisplayValue('2024-05-06')).toBeInTheDocument();
    expect(form.values.value).toBe('2024-05-06');
  });

  it('DatePicker stores what the user picks as a string, not a dayjs object', async () => {
    const form = renderField({ 'x-component': 'DatePicker' });
    const input = await screen.findByRole('textbox');
    await userEvent.click(input);
    await userEvent.type(input, '2024-07-08{Enter}');
    await waitFor(() => expect(form.values.value).toBe('2024-07-08'));
  });

  it('DateTimePicker shows a YYYY-MM-DD HH:mm:ss string', async () => {
    renderField({ 'x-component': 'DateTimePicker' }, { initialValues: { value: '2024-05-06 07:08:09' } });
    expect(await screen.findByDisplayValue('2024-05-06 07:08:09')).toBeInTheDocument();
  });

  it('DatePicker reads pretty as its text', async () => {
    renderField({ 'x-component': 'DatePicker' }, { readPretty: true, initialValues: { value: '2024-05-06' } });
    await waitFor(() => expect(screen.getByText('2024-05-06')).toBeInTheDocument());
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });
});
