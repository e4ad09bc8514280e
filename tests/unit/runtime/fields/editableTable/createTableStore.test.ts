// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { createTableStore, ROW_KEY_LENGTH, type Row } from '../../../../../runtime/fields/editableTable/createTableStore';
import { buildTableColumns, type ColumnDef } from '../../../../../runtime/fields/editableTable/tableColumns';

// The editable table's store (spec 000 §4/§5): rows, order, the delete list, selection and the column
// rules in order, with the first failure per cell; and who is told of what change.

const noHandler = (name: string) => {
  throw new Error(`no handler ${name}`);
};

function storeOf(defs: ColumnDef[], rows: Row[] = [], extra: { orderKey?: string; isRowDisabled?: (row: Row) => boolean } = {}) {
  const store = createTableStore({ rowKey: 'id', columns: buildTableColumns(defs, noHandler), lang: 'zh-CN', ...extra });
  store.load(rows);
  return store;
}

const NAME: ColumnDef = { key: 'name', title: '名称', validateRules: [{ required: true }, { unique: true }] };

describe('rows', () => {
  it('adds rows with the columns’ defaults and inserts below a row; new rows carry no id', () => {
    const store = storeOf(
      [NAME, { key: 'unit', title: '单位', defaultValue: '个' }, { key: 'ok', title: '合格', type: 'checkbox', customValue: ['Y', 'N'], defaultChecked: true }],
      [{ id: 'a', name: 'A' }],
    );
    const added = store.addRow();
    store.insertBelow(store.order()[0] as string, { name: 'between' });
    expect(store.order()).toHaveLength(3);
    expect(store.row(added)).toEqual({ unit: '个', ok: 'Y' });
    expect(store.value()).toEqual([
      { id: 'a', name: 'A' },
      { name: 'between', unit: '个', ok: 'Y' },
      { unit: '个', ok: 'Y' },
    ]);
  });

  it('keeps the ids of removed persisted rows as the delete list, not those of new rows', () => {
    const store = storeOf(
      [NAME],
      [
        { id: 'a', name: 'A' },
        { id: 'b', name: 'B' },
      ],
    );
    const fresh = store.addRow({ name: 'C' });
    const [a, b] = store.order() as string[];
    store.removeRows([fresh, a as string]);
    expect(store.deletedIds()).toEqual(['a']);
    store.removeRows([b as string]);
    expect(store.deletedIds()).toEqual(['a', 'b']);
    expect(store.value()).toEqual([]);
  });

  it('moves rows and renumbers the order column from 1 after every change', () => {
    const order: ColumnDef = { key: 'orderNum', title: '序号', type: 'normal', isOrder: true };
    const store = storeOf(
      [order, NAME],
      [
        { id: 'a', name: 'A', orderNum: 7 },
        { id: 'b', name: 'B' },
        { id: 'c', name: 'C' },
      ],
      { orderKey: 'orderNum' },
    );
    expect(store.value().map((row) => row.orderNum)).toEqual([1, 2, 3]);
    store.move(2, 0);
    expect(store.value().map((row) => [row.name, row.orderNum])).toEqual([
      ['C', 1],
      ['A', 2],
      ['B', 3],
    ]);
    store.insertBelow(store.order()[0] as string, { name: 'D' });
    store.removeRows([store.order()[2] as string]);
    expect(store.value().map((row) => [row.name, row.orderNum])).toEqual([
      ['C', 1],
      ['D', 2],
      ['B', 3],
    ]);
    store.move(0, 5);
    expect(store.value().map((row) => row.name)).toEqual(['C', 'D', 'B']);
  });

  it('cuts row keys to 50 characters and keeps equal cut keys apart', () => {
    const long = 'x'.repeat(80);
    const store = storeOf([NAME], [{ id: long }, { id: `${long}y` }]);
    const [first, second] = store.order() as string[];
    expect(first).toHaveLength(ROW_KEY_LENGTH);
    expect(second).not.toBe(first);
    expect(store.value().map((row) => row.id)).toEqual([long, `${long}y`]);
  });

  it('merges a row changed elsewhere into the row with its id, and ignores an unknown id', () => {
    const store = storeOf([NAME, { key: 'qty', title: '数量' }], [{ id: 'a', name: 'A', qty: 1 }]);
    const told = vi.fn();
    const key = store.order()[0] as string;
    store.subscribeCell(key, 'qty', told);
    expect(store.mergeRow({ id: 'a', qty: 5 })).toBe(true);
    expect(store.mergeRow({ id: 'zz', qty: 5 })).toBe(false);
    expect(store.value()).toEqual([{ id: 'a', name: 'A', qty: 5 }]);
    expect(told).toHaveBeenCalledTimes(1);
  });
});

describe('selection', () => {
  it('selects rows one by one or all, never a disabled row', () => {
    const store = storeOf(
      [NAME],
      [
        { id: 'a', state: '0' },
        { id: 'b', state: '1' },
        { id: 'c', state: '1' },
      ],
      { isRowDisabled: (row) => row.state === '0' },
    );
    const [a, b, c] = store.order() as string[];
    store.toggleSelected(a as string);
    expect(store.selected()).toEqual([]);
    store.toggleSelected(b as string);
    expect(store.selectionState()).toBe('some');
    store.toggleAll();
    expect(store.selected()).toEqual([b, c]);
    expect(store.selectionState()).toBe('all');
    store.toggleAll();
    expect(store.selected()).toEqual([]);
    store.toggleAll();
    store.removeRows([b as string]);
    expect(store.selected()).toEqual([c]);
  });
});

describe('validation', () => {
  it('checks required, then unique, with the first failure per cell', () => {
    const store = storeOf(
      [NAME],
      [
        { id: 'a', name: '' },
        { id: 'b', name: 'X' },
        { id: 'c', name: 'X' },
      ],
    );
    const failure = store.validateAll();
    const [a, b, c] = store.order() as string[];
    expect(failure).toEqual({ key: a, column: 'name', rowIndex: 0, message: '不能为空' });
    expect(store.error(b as string, 'name')).toBe('名称不能重复');
    expect(store.error(c as string, 'name')).toBe('名称不能重复');
    // fixing one duplicate clears the other's message too
    store.setCell(c as string, 'name', 'Y');
    expect(store.error(b as string, 'name')).toBe('');
    expect(store.error(c as string, 'name')).toBe('');
    store.setCell(a as string, 'name', 'Y');
    expect(store.error(a as string, 'name')).toBe('名称不能重复');
    expect(store.error(c as string, 'name')).toBe('名称不能重复');
    store.removeRows([c as string]);
    expect(store.error(a as string, 'name')).toBe('');
  });

  it('checks pattern codes, custom regular expressions with their own message, and named handlers', () => {
    const handler = vi.fn((value: unknown) => (String(value).startsWith('T') ? '' : '须以T开头'));
    const columns = buildTableColumns(
      [
        { key: 'phone', title: '手机', validateRules: [{ pattern: 'm' }] },
        { key: 'price', title: '单价', validateRules: [{ pattern: 'money' }] },
        { key: 'serial', title: '编号', validateRules: [{ pattern: '^[A-Z]{2}\\d+$', message: '{label}应为两个大写字母加数字' }] },
        { key: 'code', title: '代码', validateRules: [{ handler: 'lab.startsWithT' }] },
        { key: 'digits', title: '位数', validateRules: [{ pattern: 'n6-16' }] },
      ],
      (name) => (name === 'lab.startsWithT' ? handler : noHandler(name)),
    );
    const store = createTableStore({ rowKey: 'id', columns, lang: 'zh-CN' });
    store.load([{ phone: '12345', price: '1.234', serial: 'ab1', code: 'X', digits: '12345' }]);
    expect(store.validateAll()?.column).toBe('phone');
    const key = store.order()[0] as string;
    expect(store.error(key, 'phone')).not.toBe('');
    expect(store.error(key, 'price')).not.toBe('');
    expect(store.error(key, 'serial')).toBe('编号应为两个大写字母加数字');
    expect(store.error(key, 'code')).toBe('须以T开头');
    expect(store.error(key, 'digits')).not.toBe('');
    store.setCell(key, 'phone', '13912345678');
    store.setCell(key, 'price', '12.5');
    store.setCell(key, 'serial', 'AB12');
    store.setCell(key, 'code', 'T1');
    store.setCell(key, 'digits', '123456');
    expect(store.validateAll()).toBeNull();
    expect(handler).toHaveBeenCalledWith('T1', expect.objectContaining({ label: '代码', rowIndex: 0 }));
  });

  it('leaves an empty optional cell alone and answers the first failure in row order', () => {
    const store = storeOf(
      [
        { key: 'a', title: 'A', validateRules: [{ pattern: 'z' }] },
        { key: 'b', title: 'B', validateRules: [{ required: true }] },
      ],
      [
        { a: '', b: 'ok' },
        { a: 'x', b: '' },
      ],
    );
    expect(store.validateAll()).toMatchObject({ rowIndex: 1, column: 'a' });
  });
});

describe('notifications', () => {
  it('tells a cell’s subscribers of its change only, and the change listeners of its kind', () => {
    const store = storeOf([NAME, { key: 'qty', title: '数量', statistics: true }], [{ id: 'a' }, { id: 'b' }]);
    const [a, b] = store.order() as string[];
    const cellA = vi.fn();
    const cellB = vi.fn();
    const order = vi.fn();
    const qty = vi.fn();
    const change = vi.fn();
    store.subscribeCell(a as string, 'qty', cellA);
    store.subscribeCell(b as string, 'qty', cellB);
    store.subscribeOrder(order);
    store.subscribeColumn('qty', qty);
    store.subscribeChange(change);
    store.setCell(a as string, 'qty', 3);
    store.setCell(a as string, 'qty', 3);
    expect(cellA).toHaveBeenCalledTimes(1);
    expect(cellB).not.toHaveBeenCalled();
    expect(order).not.toHaveBeenCalled();
    expect(qty).toHaveBeenCalledTimes(1);
    expect(change.mock.calls).toEqual([['cell', a]]);
    store.addRow();
    expect(order).toHaveBeenCalledTimes(1);
    expect(change.mock.calls.at(-1)?.[0]).toBe('rows');
  });
});
