import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { DataRecord, ListParams } from '../../../../../runtime/data/DataProvider';
import type { ModelFile } from '../../../../../runtime/model/types';
import { ModelPage } from '../../../../../runtime/render/ModelPage';
import { createScreenRegistry } from '../../../../../runtime/render/screen/createScreenRegistry';
import { createDefaultScreenRegistry } from '../../../../../runtime/render/screen/defaultScreens';
import { page } from '../support/positionRecords';
import { positionFile, serve } from '../support/servedModels';
import { testDataProvider } from '../support/testDataProvider';
import { renderWithRuntime, testModels, testRuntime } from '../support/testRuntime';

const departModel = (kind: string) =>
  ({
    version: 1,
    id: 'test.depart',
    title: '部门',
    entity: {
      table: 'test_depart',
      fields: { departName: { type: 'string', label: '部门名称', required: true }, parentId: { type: 'string', label: '上级' } },
    },
    api: { dialect: 'api', base: '/api/test/Depart' },
    list: { columns: ['departName'], actions: ['add', 'edit', 'detail', 'delete'] },
    form: { fields: ['departName'] },
    permissions: { prefix: 'test:depart:' },
    screen: { kind },
    tree: { parentField: 'parentId', labelField: 'departName', rootValue: '0' },
  }) as unknown as ModelFile;

const departs: DataRecord[] = [
  { id: 'd1', departName: '检测中心', parentId: '0', version: 0 },
  { id: 'd2', departName: '理化室', parentId: 'd1', version: 0 },
  { id: 'd3', departName: '微生物室', parentId: 'd1', version: 0 },
];
const byParent = async (params: ListParams) => {
  const filter = params.filters?.parentId;
  const parent = filter && 'value' in filter ? filter.value : undefined;
  return page(departs.filter((record) => parent === undefined || record.parentId === parent));
};

function renderKind(model: ModelFile, provider = testDataProvider({ list: byParent })) {
  const runtime = testRuntime({ models: testModels(serve(model)), providers: { [model.id]: provider } });
  renderWithRuntime(<ModelPage modelId={model.id} />, runtime);
  return provider;
}

describe('screen registry', () => {
  it('refuses a kind twice and names the known kinds for an unknown one', () => {
    const screens = createScreenRegistry();
    const Page = () => null;
    screens.register('list', Page, { firstPage: true });
    expect(() => screens.register('list', Page)).toThrow('the screen kind "list" is already registered');
    expect(() => screens.component('calendar')).toThrow('no screen kind "calendar" is registered (known: list)');
    expect(screens.usesFirstPage('list')).toBe(true);
  });

  it('has the built-in kinds, only list and query prefetching a first page', () => {
    const screens = createDefaultScreenRegistry();
    for (const kind of ['list', 'query', 'tree', 'treeTable', 'form']) expect(screens.has(kind), kind).toBe(true);
    expect(['list', 'query', 'tree', 'treeTable', 'form'].filter((kind) => screens.usesFirstPage(kind))).toEqual(['list', 'query']);
    expect(screens.kindOf(serve(positionFile))).toBe('list');
  });

  it('ModelPage shows a load failure for a kind the runtime does not know', async () => {
    renderKind(departModel('calendar'));
    // users see the generic text; the registry's error (naming the kind) is for developers
    expect(await screen.findByText('加载失败', undefined, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.getByText('请求出错，请重试')).toBeInTheDocument();
  });
});

describe('screen kinds', () => {
  it('query: the list read-only (no add, edit or delete; 详情 stays)', async () => {
    renderKind(departModel('query'));
    expect(await screen.findByText('检测中心')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '新增' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '编辑' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '删除' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: '详情' }).length).toBeGreaterThan(0);
  });

  it('tree: the roots in the tree, children loaded through the parent filter, the list of the selected node', async () => {
    const provider = renderKind(departModel('tree'));
    const tree = await screen.findByRole('tree');
    expect(await within(tree).findByText('检测中心')).toBeInTheDocument();
    await userEvent.click(within(tree).getByText('检测中心'));
    const table = await screen.findByRole('table');
    expect(await within(table).findByText('理化室')).toBeInTheDocument();
    expect(within(table).getByText('微生物室')).toBeInTheDocument();
    expect(provider.list).toHaveBeenCalledWith(expect.objectContaining({ filters: { parentId: { op: 'eq', value: 'd1' } } }));
  });

  it('treeTable: the roots as rows, a row’s children read when it is expanded', async () => {
    const provider = renderKind(departModel('treeTable'));
    expect(await screen.findByText('检测中心')).toBeInTheDocument();
    expect(screen.queryByText('理化室')).not.toBeInTheDocument();
    expect(provider.list).toHaveBeenCalledWith(expect.objectContaining({ filters: { parentId: { op: 'eq', value: '0' } } }));
    await userEvent.click(screen.getByRole('button', { name: /展开|expand/i }));
    expect(await screen.findByText('理化室')).toBeInTheDocument();
    expect(provider.list).toHaveBeenCalledWith(expect.objectContaining({ filters: { parentId: { op: 'eq', value: 'd1' } } }));
  });

  it('treeTable: a child is read lazily in turn, and one without children loses its expander', async () => {
    const provider = renderKind(departModel('treeTable'));
    await userEvent.click(await screen.findByRole('button', { name: /展开|expand/i }));
    const child = (await screen.findByText('理化室')).closest('tr') as HTMLElement;
    await userEvent.click(within(child).getByRole('button', { name: /展开|expand/i }));
    await waitFor(() => expect(provider.list).toHaveBeenCalledWith(expect.objectContaining({ filters: { parentId: { op: 'eq', value: 'd2' } } })));
    // antd keeps a hidden spacer button in a leaf's place
    await waitFor(() => expect(child.querySelector('.ant-table-row-expand-icon')).toHaveClass('ant-table-row-expand-icon-spaced'));
    expect((screen.getByText('微生物室').closest('tr') as HTMLElement).querySelector('.ant-table-row-expand-icon')).toHaveClass(
      'ant-table-row-expand-icon-collapsed',
    );
  });

  it('treeTable: the search bar of list.search lists the matching rows of every level; 重置 shows the roots again', async () => {
    const model = departModel('treeTable');
    model.entity.fields.departName!.keyword = true;
    model.list!.search = ['keyword'];
    const list = async (params: ListParams) =>
      params.keyword ? page(departs.filter((record) => String(record.departName).includes(params.keyword!))) : byParent(params);
    const provider = renderKind(model, testDataProvider({ list }));
    expect(await screen.findByText('检测中心')).toBeInTheDocument();
    expect(screen.queryByText('理化室')).not.toBeInTheDocument();
    await userEvent.type(screen.getByPlaceholderText('请输入关键词'), '理化');
    await userEvent.click(screen.getByRole('button', { name: '查询' }));
    // a child found without opening its parent, with no parent filter sent, and no expander of its own
    const found = (await screen.findByText('理化室')).closest('tr') as HTMLElement;
    expect(provider.list).toHaveBeenLastCalledWith(expect.objectContaining({ keyword: '理化', page: 1, filters: {} }));
    expect(screen.queryByText('检测中心')).not.toBeInTheDocument();
    expect(found.querySelector('.ant-table-row-expand-icon:not(.ant-table-row-expand-icon-spaced)')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: '重置' }));
    expect(await screen.findByText('检测中心')).toBeInTheDocument();
    expect(screen.queryByText('理化室')).not.toBeInTheDocument();
    expect(provider.list).toHaveBeenLastCalledWith(expect.objectContaining({ filters: { parentId: { op: 'eq', value: '0' } } }));
  });

  it('treeTable: 高级查询, 导入 and 导出 of the model; the export holds every level, not the roots only', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const model = departModel('treeTable') as ModelFile & { api: Record<string, unknown> };
    model.api.operations = { import: true, export: true };
    model.list!.actions = [
      'add',
      'superQuery',
      { key: 'import', label: '导入', operation: 'import', placement: 'toolbar' },
      { key: 'export', label: '导出', operation: 'export', placement: 'toolbar' },
    ];
    const exportFile = vi.fn(async () => new Blob(['xlsx']));
    renderKind(model, testDataProvider({ list: byParent, exportFile }));
    expect(await screen.findByText('检测中心')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /高级查询/ })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '导出' }));
    await waitFor(() => expect(exportFile).toHaveBeenCalledTimes(1));
    expect((exportFile.mock.calls[0] as unknown[])[0]).toMatchObject({ filters: {} });
    await waitFor(() => expect(click).toHaveBeenCalled());
    await userEvent.click(screen.getByRole('button', { name: '导入' }));
    expect(await screen.findByRole('dialog', { name: '导入EXCEL' }, { timeout: 15_000 })).toBeInTheDocument();
    click.mockRestore();
  });

  it('treeTable: 批量删除 of list.actions deletes the checked rows of any level; none checked warns 请选择一条记录！', async () => {
    const model = departModel('treeTable');
    model.list!.actions = ['add', 'edit', 'detail', 'delete', 'deleteBatch'];
    const provider = renderKind(model, testDataProvider({ list: byParent, removeMany: async () => '批量删除成功！' }));
    expect(await screen.findByText('检测中心')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '批量删除' }));
    expect(await screen.findByText('请选择一条记录！')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /展开|expand/i }));
    const child = (await screen.findByText('微生物室')).closest('tr') as HTMLElement;
    // a parent's check leaves its children unchecked: only the rows the user checked are deleted
    await userEvent.click(within(screen.getByText('检测中心').closest('tr') as HTMLElement).getByRole('checkbox'));
    expect(within(child).getByRole('checkbox')).not.toBeChecked();
    await userEvent.click(within(child).getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: '批量删除' }));
    expect((await screen.findAllByText('确定要删除这 2 项吗?'))[0]).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(provider.removeMany).toHaveBeenCalledWith(['d1', 'd3']));
    expect(await screen.findByText('批量删除成功！')).toBeInTheDocument();
  });

  it('treeTable: no checkboxes and no 批量删除 without deleteBatch in list.actions', async () => {
    renderKind(departModel('treeTable'));
    expect(await screen.findByText('检测中心')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '批量删除' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('treeTable: no search bar when the model lists no search fields', async () => {
    renderKind(departModel('treeTable'));
    expect(await screen.findByText('检测中心')).toBeInTheDocument();
    expect(screen.queryByRole('search')).not.toBeInTheDocument();
  });

  it('form: the first record edited in place, saved with its version', async () => {
    const update = vi.fn(async () => '编辑成功');
    const provider = testDataProvider({ list: async () => page([departs[0]!]), get: async () => departs[0]!, update });
    renderKind(departModel('form'), provider);
    const name = await screen.findByRole('textbox', { name: '部门名称' });
    expect(name).toHaveValue('检测中心');
    await userEvent.clear(name);
    await userEvent.type(name, '检测总部');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(update).toHaveBeenCalledWith('d1', { departName: '检测总部', version: 0 }));
  });
});
