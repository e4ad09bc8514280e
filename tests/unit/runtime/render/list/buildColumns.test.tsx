import { render, screen } from '@testing-library/react';
import type { TableColumnType as ColumnType } from 'antd';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import type { DataRecord } from '../../../../../runtime/data/DataProvider';
import { ACTIONS_COLUMN_KEY, buildColumns, INDEX_COLUMN_KEY } from '../../../../../runtime/render/list/buildColumns';
import { positionRecord } from '../support/positionRecords';
import { serve, servedPosition } from '../support/servedModels';

const t = (key: string) => ({ 'list.index': '序号', 'list.actions': '操作', 'systemField.createTime': '创建时间' })[key] ?? key;
const dictOptions = new Map([
  [
    'enabled_state',
    [
      { value: '1', text: '启用', color: 'green' },
      { value: '0', text: '禁用', color: 'red' },
    ],
  ],
]);

function cell(column: ColumnType<DataRecord> | undefined, record: DataRecord, index = 0): ReactNode {
  const key = column?.dataIndex as string | undefined;
  return column?.render?.(key ? record[key] : undefined, record, index) as ReactNode;
}

describe('buildColumns', () => {
  it('builds plain columns with field titles, a sequence column first and an actions column last', () => {
    const columns = buildColumns(servedPosition(), { t, renderActions: () => 'actions' });
    expect(columns.map((column) => column.key)).toEqual([
      INDEX_COLUMN_KEY,
      'fullName',
      'enCode',
      'enabledMark',
      'sortCode',
      'description',
      'createTime',
      ACTIONS_COLUMN_KEY,
    ]);
    expect(columns.map((column) => column.title)).toEqual(['序号', '岗位名称', '岗位编码', '状态', '排序', '说明', '创建时间', '操作']);
    expect(buildColumns(servedPosition(), { t }).map((column) => column.key)).not.toContain(ACTIONS_COLUMN_KEY);
  });

  it('keeps the actions column fixed at the right, except on a phone-width screen where it would cover the other columns', () => {
    const actions = (narrow?: boolean) => buildColumns(servedPosition(), { t, narrow, renderActions: () => 'actions' }).at(-1)!;
    expect(actions().key).toBe(ACTIONS_COLUMN_KEY);
    expect(actions().fixed).toBe('right');
    expect(actions(false).fixed).toBe('right');
    expect(actions(true).fixed).toBeUndefined();
  });

  it('sizes the actions column to the links a row may show, so the last one is not cut', () => {
    const actions = (actionLabels?: string[]) => buildColumns(servedPosition(), { t, renderActions: () => 'actions', actionLabels }).at(-1)!;
    expect(actions(['编辑', '详情', '删除', '打印']).width).toBe(200);
    expect(actions(['编辑']).width).toBe(28 + 14 + 32);
    // without labels the table's layout width falls back to its default (tableWidth)
    expect(actions().width).toBeUndefined();
  });

  it('adds 更多 to the actions column when links fold into it', () => {
    const actions = buildColumns(servedPosition(), { t, renderActions: () => 'actions', actionLabels: ['编辑', '详情', '删除'], moreLabel: '更多' }).at(-1)!;
    expect(actions.width).toBe(3 * (28 + 14) + 28 + 22 + 14 + 32);
  });

  it('gives a column without a width of its own its title’s, in the user’s language, instead of an equal share', () => {
    const en = (key: string) => ({ 'list.index': 'No.', 'list.actions': 'Actions' })[key] ?? key;
    const served = serve({
      ...servedPosition().model,
      list: { columns: ['fullName', { field: 'enCode', title: 'Current department' }, { field: 'sortCode', sorter: true }] },
    });
    const widths = Object.fromEntries(buildColumns(served, { t: en }).map((column) => [column.key, column.width]));
    expect(widths).toMatchObject({ fullName: 4 * 14 + 32, enCode: 18 * 8 + 32, sortCode: 2 * 14 + 20 + 32 });
  });

  it('gives a date-time column room for its value on one line', () => {
    const createTime = buildColumns(servedPosition(), { t }).find((column) => column.key === 'createTime')!;
    expect(createTime.width).toBe(19 * 8 + 32);
  });

  it('numbers rows across pages', () => {
    const [index] = buildColumns(servedPosition(), { t, offset: 20 });
    expect(cell(index, positionRecord(1), 0)).toBe(21);
  });

  it('marks sortable columns for server-side sorting and shows the current sort', () => {
    const columns = buildColumns(servedPosition(), { t, sort: { field: 'sortCode', order: 'asc' } });
    const byKey = Object.fromEntries(columns.map((column) => [column.key, column]));
    expect(byKey.sortCode).toMatchObject({ sorter: true, sortOrder: 'ascend' });
    expect(byKey.createTime).toMatchObject({ sorter: true, sortOrder: null });
    expect(byKey.fullName).not.toHaveProperty('sorter');
    expect(byKey.description).toMatchObject({ ellipsis: true });
  });

  it('shows a state column as its dictionary tag without a switch renderer, and the switch with one', () => {
    const served = servedPosition();
    const tag = buildColumns(served, { t, dictOptions }).find((column) => column.key === 'enabledMark');
    render(<>{cell(tag, positionRecord(1))}</>);
    expect(screen.getByText('启用')).toHaveClass('ant-tag-green');
    const switched = buildColumns(served, { t, renderStateSwitch: (record, field) => `switch:${record.id}:${field}` }).find(
      (column) => column.key === 'enabledMark',
    );
    expect(cell(switched, positionRecord(1))).toBe('switch:p1:enabledMark');
  });

  it("shows a reference field as its target's label (<field>_dictText) and falls back to the stored ids", () => {
    const model = structuredClone(servedPosition().model);
    model.entity.fields.departIds = { type: 'string', label: '所属部门', ref: 'system.depart', multiple: true, refLabel: 'departName' };
    model.list = { columns: ['departIds'] };
    const [, departs] = buildColumns(serve(model), { t });
    expect(cell(departs, positionRecord(1, { departIds: 'd1,d2', departIds_dictText: '检测一部,检测二部' }))).toBe('检测一部,检测二部');
    expect(cell(departs, positionRecord(1, { departIds: 'd1' }))).toBe('d1');
  });

  it('renders dictionary fields from <field>_dictText, and formats dates', () => {
    const model = structuredClone(servedPosition().model);
    model.entity.fields.hiredAt = { type: 'date', label: '入职日期' };
    model.list = { columns: ['enabledMark', 'hiredAt', { field: 'createTime', title: '登记时间', render: 'date' }] };
    const columns = buildColumns(serve(model), { t, dictOptions });
    const record = positionRecord(1, { enabledMark: 0, enabledMark_dictText: '停用', hiredAt: '2024-02-03T00:00:00' });
    render(<>{cell(columns[1], record)}</>);
    expect(screen.getByText('停用')).toHaveClass('ant-tag-red');
    expect(cell(columns[2], record)).toBe('2024-02-03');
    expect(columns[3]?.title).toBe('登记时间');
    expect(cell(columns[3], record)).toBe('2024-05-01');
  });

  it('refuses a column the entity does not declare', () => {
    const model = structuredClone(servedPosition().model);
    model.list = { columns: ['missing'] };
    expect(() => buildColumns(serve(model), { t })).toThrow(/"missing"/);
  });
});
