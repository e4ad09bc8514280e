import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderFields } from './support/renderFields';

// Issue 10's data change log shows each entry as a field-level diff (DataChanges, the `changes` field of
// system.dataLog's detail form), from the list the server writes (server/engine/recordHistory.ts).

const CHANGES = [
  { field: 'fullName', label: '名称', before: '旧名称', after: '新名称' },
  { field: 'digit', label: '位数', before: null, after: 4 },
  { field: 'template', label: '模板', before: { size: 'A4' }, after: null },
];

const rowsOf = (table: HTMLElement) =>
  [...table.querySelectorAll('tbody tr.ant-table-row')].map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? ''));

describe('DataChanges (the change log’s diff view)', () => {
  it('shows one row per changed field: its label and name, the value before and the value after', async () => {
    renderFields({ changes: { type: 'array', 'x-component': 'DataChanges' } }, { readPretty: true, initialValues: { changes: CHANGES } });
    const table = await screen.findByRole('table');
    expect([...table.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual(['字段', '修改前', '修改后']);
    expect(rowsOf(table)).toEqual([
      ['名称 (fullName)', '旧名称', '新名称'],
      ['位数 (digit)', '', '4'],
      ['模板 (template)', '{"size":"A4"}', ''],
    ]);
    // a changed value is struck out and its new value marked; a create has nothing to strike, a delete nothing to mark
    expect(screen.getByText('旧名称').closest('del')).not.toBeNull();
    expect(screen.getByText('新名称').closest('mark')).not.toBeNull();
    expect(screen.getByText('4').closest('mark')).toBeNull();
    expect(screen.getByText('{"size":"A4"}').closest('del')).toBeNull();
  });

  it('is read-only in an editable form too, and says so when an entry has no field changes', async () => {
    renderFields({ changes: { type: 'array', 'x-component': 'DataChanges' } }, { initialValues: { changes: CHANGES.slice(0, 1) } });
    const table = await screen.findByRole('table');
    expect(rowsOf(table)).toEqual([['名称 (fullName)', '旧名称', '新名称']]);
    expect(table.querySelector('input, textarea')).toBeNull();
  });

  it('answers in the user’s language', async () => {
    renderFields(
      { a: { type: 'array', 'x-component': 'DataChanges' }, b: { type: 'array', 'x-component': 'DataChanges' } },
      {
        readPretty: true,
        lang: 'en',
        initialValues: { a: CHANGES.slice(1, 2), b: 'not a change list' },
      },
    );
    const table = await screen.findByRole('table');
    expect([...table.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual(['Field', 'Before', 'After']);
    expect(await screen.findByText('No changes')).toBeInTheDocument();
  });
});
