import { createForm, type Form } from '@formily/core';
import { FormProvider } from '@formily/react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRuntime } from '../../../../../runtime/createRuntime';
import type { HttpClient, RequestOptions } from '../../../../../runtime/data/HttpClient';
import { staticDictSource } from '../../../../../runtime/fields/dict/createDictSource';
import { RenderProbeContext, type RenderedPart } from '../../../../../runtime/fields/editableTable/renderProbe';
import { createHookRegistry } from '../../../../../runtime/hooks/createHookRegistry';
import { RuntimeProvider } from '../../../../../runtime/render/RuntimeProvider';
import { TEST_DICTS, testI18n, testModels, unreachableHttp } from '../../render/support/testRuntime';

// The editable table as a Formily field in jsdom: 500 rows × 12 columns drawn a window at a time, a
// keystroke re-rendering one cell, and the spec's rules as a user meets them.

afterEach(() => vi.useRealTimers());

const COLUMNS = [
  { key: 'name', title: '名称', validateRules: [{ required: true }, { unique: true }] },
  { key: 'qty', title: '数量', type: 'inputNumber', statistics: true },
  ...Array.from({ length: 10 }, (_, i) => ({ key: `c${i}`, title: `列${i}` })),
];

const manyRows = (count: number) =>
  Array.from({ length: count }, (_, i) => ({
    id: `r${i}`,
    name: `样品${i}`,
    qty: 1,
    ...Object.fromEntries(Array.from({ length: 10 }, (_, c) => [`c${c}`, `${i}-${c}`])),
  }));

function renderTable(
  props: Record<string, unknown>,
  options: { value?: unknown[]; readPretty?: boolean; probe?: (part: RenderedPart) => void; extra?: Record<string, unknown>; http?: HttpClient } = {},
) {
  const hooks = createHookRegistry();
  hooks.register('cellValidator', 'test.startsWithT', (value) => (String(value).startsWith('T') ? '' : '须以T开头'));
  const runtime = createRuntime({
    http: options.http ?? unreachableHttp,
    i18n: testI18n(),
    access: { has: () => true, subActions: () => [] },
    models: testModels(),
    dicts: staticDictSource(TEST_DICTS),
    hooks,
  });
  const form: Form = createForm({ initialValues: { items: options.value ?? [] }, pattern: options.readPretty ? 'readPretty' : 'editable' });
  render(
    <RuntimeProvider runtime={runtime}>
      <FormProvider form={form}>
        <RenderProbeContext.Provider value={options.probe ?? null}>
          <runtime.SchemaField
            schema={{
              type: 'object',
              properties: {
                items: { type: 'array', title: '明细', 'x-decorator': 'FormItem', 'x-component': 'EditableTable', 'x-component-props': props },
                ...options.extra,
              },
            }}
          />
        </RenderProbeContext.Provider>
      </FormProvider>
    </RuntimeProvider>,
  );
  return form;
}

const dataRows = () => document.querySelectorAll('[role="row"][data-row-key]');
const rowOf = (key: string) => document.querySelector(`[role="row"][data-row-key="${key}"]`) as HTMLElement;
const cellOf = (key: string, column: string) => rowOf(key).querySelector(`[role="cell"][data-column="${column}"]`) as HTMLElement;

describe('EditableTable at 500 rows × 12 columns', () => {
  it('draws only the rows in view, and a keystroke re-renders that one cell', async () => {
    const rendered: RenderedPart[] = [];
    const form = renderTable(
      { columns: COLUMNS, rowNumber: true, rowSelection: true, dragSort: true },
      { value: manyRows(500), probe: (part) => rendered.push(part) },
    );
    await waitFor(() => expect(rowOf('r0')).toBeTruthy());
    expect(document.querySelector('[role="table"]')).toHaveAttribute('aria-rowcount', '501');
    // 400 px of 61 px rows, plus two either side
    expect(dataRows().length).toBeLessThanOrEqual(12);
    expect(rowOf('r499')).toBeNull();

    vi.useFakeTimers();
    rendered.length = 0;
    const input = within(cellOf('r0', 'c3')).getByRole('textbox');
    fireEvent.change(input, { target: { value: '改过' } });
    expect(rendered).toEqual([{ part: 'cell', key: 'r0', column: 'c3' }]);
    // the rows reach the form after a pause in typing, still without drawing the table again
    act(() => vi.advanceTimersByTime(300));
    expect((form.values.items as Record<string, unknown>[])[0]?.c3).toBe('改过');
    expect(rendered.filter((part) => part.part !== 'cell')).toEqual([]);
    expect((form.values.items as unknown[]).length).toBe(500);
  });

  it('sums a statistics column over its integer values', async () => {
    renderTable({ columns: COLUMNS }, { value: manyRows(500) });
    await waitFor(() => expect(document.querySelector('[data-statistics]')).not.toBeNull());
    const footer = document.querySelector('[data-statistics]') as HTMLElement;
    expect(within(footer).getByText('合计')).toBeInTheDocument();
    expect(footer.querySelector('[data-column="qty"]')).toHaveTextContent('500');
    fireEvent.change(within(cellOf('r1', 'qty')).getByRole('textbox'), { target: { value: '11' } });
    expect(footer.querySelector('[data-column="qty"]')).toHaveTextContent('510');
  });
});

describe('EditableTable rules', () => {
  it('validates on submit in rule order, marks the cells and shows the first failure in a tooltip', async () => {
    const columns = [
      { key: 'name', title: '名称', validateRules: [{ required: true }, { unique: true }] },
      { key: 'code', title: '代码', validateRules: [{ handler: 'test.startsWithT' }] },
    ];
    const form = renderTable(
      { columns },
      {
        value: [
          { id: 'a', name: '' },
          { id: 'b', name: 'X', code: 'Q' },
          { id: 'c', name: 'X', code: 'T1' },
        ],
      },
    );
    await waitFor(() => expect(rowOf('a')).toBeTruthy());
    expect(screen.getAllByRole('columnheader').find((header) => header.textContent?.includes('名称'))).toHaveTextContent('*名称');
    await expect(form.validate()).rejects.toBeTruthy();
    expect(await screen.findByText('第1行 名称：不能为空')).toBeInTheDocument();
    expect(cellOf('a', 'name')).toHaveAttribute('aria-invalid', 'true');
    expect(cellOf('b', 'name')).toHaveAttribute('aria-invalid', 'true');
    expect(cellOf('b', 'code')).toHaveAttribute('aria-invalid', 'true');
    expect(cellOf('c', 'code')).not.toHaveAttribute('aria-invalid');

    fireEvent.mouseOver(within(cellOf('a', 'name')).getByRole('textbox'));
    expect((await screen.findByRole('tooltip')).textContent).toBe('不能为空');
    fireEvent.mouseOver(within(cellOf('b', 'name')).getByRole('textbox'));
    await waitFor(() => expect(screen.getAllByRole('tooltip').at(-1)?.textContent).toBe('名称不能重复'));

    // fixing every cell clears the form's message
    fireEvent.change(within(cellOf('a', 'name')).getByRole('textbox'), { target: { value: 'A' } });
    fireEvent.change(within(cellOf('c', 'name')).getByRole('textbox'), { target: { value: 'C' } });
    fireEvent.change(within(cellOf('b', 'code')).getByRole('textbox'), { target: { value: 'T2' } });
    fireEvent.blur(within(cellOf('b', 'code')).getByRole('textbox'));
    await waitFor(() => expect(screen.queryByText(/^第\d+行/)).toBeNull());
    await expect(form.validate()).resolves.toBeUndefined();
  });

  it('keeps number cells to an optional minus, digits and one point, and makes a number on blur', async () => {
    const form = renderTable({ columns: [{ key: 'qty', title: '数量', type: 'inputNumber' }] }, { value: [{ id: 'a' }] });
    await waitFor(() => expect(rowOf('a')).toBeTruthy());
    const input = within(cellOf('a', 'qty')).getByRole('textbox');
    fireEvent.change(input, { target: { value: '-1' } });
    fireEvent.change(input, { target: { value: '-1a' } });
    expect(input).toHaveValue('-1');
    fireEvent.change(input, { target: { value: '-1.5' } });
    fireEvent.change(input, { target: { value: '-1.5.' } });
    expect(input).toHaveValue('-1.5');
    fireEvent.blur(input);
    await waitFor(() => expect((form.values.items as Record<string, unknown>[])[0]?.qty).toBe(-1.5));
    fireEvent.change(input, { target: { value: '-' } });
    fireEvent.blur(input);
    await waitFor(() => expect((form.values.items as Record<string, unknown>[])[0]?.qty).toBe(''));
  });

  it('inserts below a row at most once per 1.5 s, warning when clicked too fast', async () => {
    renderTable(
      { columns: [{ key: 'name', title: '名称' }], dragSort: true },
      {
        value: [
          { id: 'a', name: 'A' },
          { id: 'b', name: 'B' },
        ],
      },
    );
    await waitFor(() => expect(rowOf('a')).toBeTruthy());
    const insertBelow = async (key: string) => {
      fireEvent.click(within(rowOf(key)).getByRole('button', { name: '行操作' }));
      fireEvent.click(await screen.findByText('插入一行', { selector: '.ant-dropdown:not(.ant-dropdown-hidden) *' }));
    };
    await insertBelow('a');
    await waitFor(() => expect(dataRows()).toHaveLength(3));
    expect([...dataRows()].map((row) => row.getAttribute('data-row-key'))).toEqual(['a', 'new:1', 'b']);
    await insertBelow('b');
    expect(await screen.findByText('您点击的太快了，请慢一点！')).toBeInTheDocument();
    expect(dataRows()).toHaveLength(3);
  });

  it('removes the selected rows but never selects a disabled one, and keeps the delete list', async () => {
    const form = renderTable(
      { columns: [{ key: 'name', title: '名称' }], rowSelection: true, disabledRows: { state: '0' }, deletedIdsField: 'removedIds' },
      {
        value: [
          { id: 'a', name: 'A', state: '0' },
          { id: 'b', name: 'B' },
          { id: 'c', name: 'C' },
        ],
        extra: { removedIds: { type: 'string' } },
      },
    );
    await waitFor(() => expect(rowOf('a')).toBeTruthy());
    expect(within(rowOf('a')).getByRole('checkbox')).toBeDisabled();
    fireEvent.click(screen.getByRole('checkbox', { name: '全选' }));
    expect(within(rowOf('a')).getByRole('checkbox')).not.toBeChecked();
    expect(within(rowOf('b')).getByRole('checkbox')).toBeChecked();
    fireEvent.click(screen.getByRole('button', { name: /删除选中\(2\)/ }));
    await waitFor(() => expect(dataRows()).toHaveLength(1));
    expect(form.values.items).toEqual([{ id: 'a', name: 'A', state: '0' }]);
    expect(form.values.removedIds).toBe('b,c');
    fireEvent.click(screen.getByRole('button', { name: /新\s*增/ }));
    await waitFor(() => expect(form.values.items).toHaveLength(2));
    expect((form.values.items as Record<string, unknown>[])[1]).not.toHaveProperty('id');
  });

  it('edits on click when asked, and leaves edit on a mouse-up elsewhere', async () => {
    renderTable({ columns: [{ key: 'name', title: '名称' }], editMode: 'click' }, { value: [{ id: 'a', name: 'A' }] });
    await waitFor(() => expect(cellOf('a', 'name')).toHaveTextContent('A'));
    expect(within(cellOf('a', 'name')).queryByRole('textbox')).toBeNull();
    fireEvent.click(cellOf('a', 'name'));
    const input = within(cellOf('a', 'name')).getByRole('textbox');
    expect(input).toHaveFocus();
    fireEvent.mouseUp(input);
    expect(within(cellOf('a', 'name')).queryByRole('textbox')).not.toBeNull();
    fireEvent.mouseUp(document.body);
    await waitFor(() => expect(within(cellOf('a', 'name')).queryByRole('textbox')).toBeNull());
  });

  it('reads pretty as text without editors or toolbar', async () => {
    renderTable(
      {
        columns: [
          { key: 'name', title: '名称' },
          { key: 'unit', title: '单位', type: 'select', options: [{ value: 'g', label: '克' }] },
        ],
      },
      {
        value: [{ id: 'a', name: 'A', unit: 'g' }],
        readPretty: true,
      },
    );
    await waitFor(() => expect(cellOf('a', 'unit')).toHaveTextContent('克'));
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: /新\s*增/ })).toBeNull();
  });

  it('refuses a column that takes a reserved type, naming it', async () => {
    renderTable({ columns: [{ key: 'n', title: '序号', type: 'rowNumber' }] });
    expect(await screen.findByText(/可编辑表格配置错误：columns\[0\]: the type "rowNumber" is reserved/)).toBeInTheDocument();
  });
});

describe('EditableTable upload cells', () => {
  it('uploads a file into the cell with its tooltips, and keeps name, path and size', async () => {
    let answer: (value: { code: number; message: string; data: unknown }) => void = () => undefined;
    let progress: RequestOptions['onUploadProgress'];
    const http = {
      post: vi.fn((_url: string, _body: unknown, options: RequestOptions) => {
        progress = options.onUploadProgress;
        return new Promise((resolve) => (answer = resolve));
      }),
    } as unknown as HttpClient;
    const form = renderTable({ columns: [{ key: 'report', title: '报告', type: 'upload', biz: 'annex' }] }, { value: [{ id: 'a' }], http });
    await waitFor(() => expect(rowOf('a')).toBeTruthy());
    const file = new File(['%PDF-1.4'], '检测报告正式版.pdf', { type: 'application/pdf' });
    fireEvent.change(cellOf('a', 'report').querySelector('input[type="file"]') as HTMLInputElement, { target: { files: [file] } });
    await waitFor(() => expect(http.post).toHaveBeenCalledWith('/sys/common/upload', expect.any(FormData), expect.anything()));
    act(() => progress?.(50, 100));
    fireEvent.mouseOver(cellOf('a', 'report').querySelector('[data-upload-state="uploading"]') as Element);
    expect(await screen.findByText('上传中(50%)')).toBeInTheDocument();
    await act(async () => answer({ code: 200, message: 'annex/abc.pdf', data: null }));
    await waitFor(() => expect(cellOf('a', 'report')).toHaveTextContent('检测报告正…'));
    fireEvent.mouseOver(cellOf('a', 'report').querySelector('[data-upload-state="done"]') as Element);
    expect(await screen.findByText('上传完成')).toBeInTheDocument();
    fireEvent.blur(cellOf('a', 'report'));
    await waitFor(() =>
      expect((form.values.items as Record<string, unknown>[])[0]?.report).toEqual({ fileName: '检测报告正式版.pdf', filePath: 'annex/abc.pdf', fileSize: 8 }),
    );
  });

  it('shows upload failed with the server’s message', async () => {
    const http = { post: vi.fn(async () => ({ code: 500, message: '文件类型不允许', data: null })) } as unknown as HttpClient;
    renderTable({ columns: [{ key: 'report', title: '报告', type: 'upload' }] }, { value: [{ id: 'a' }], http });
    await waitFor(() => expect(rowOf('a')).toBeTruthy());
    fireEvent.change(cellOf('a', 'report').querySelector('input[type="file"]') as HTMLInputElement, {
      target: { files: [new File(['x'], 'a.pdf', { type: 'application/pdf' })] },
    });
    await waitFor(() => expect(cellOf('a', 'report').querySelector('[data-upload-state="error"]')).not.toBeNull());
    fireEvent.mouseOver(cellOf('a', 'report').querySelector('[data-upload-state="error"]') as Element);
    expect(await screen.findByText('上传失败: 文件类型不允许')).toBeInTheDocument();
  });
});
