import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../../runtime/data/ApiError';
import { page, positionRecord } from '../support/positionRecords';
import { renderPosition } from '../support/renderPosition';

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

describe('ListPage: the Position model', () => {
  it('renders the columns, titles, records and total of list.columns', async () => {
    const { provider } = renderPosition();
    expect(await screen.findByText('检测员1')).toBeInTheDocument();
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    for (const title of ['序号', '岗位名称', '岗位编码', '状态', '排序', '说明', '创建时间', '操作']) expect(headers).toContain(title);
    expect(within(rowOf('检测员1')).getByText('tester.1')).toBeInTheDocument();
    expect(within(rowOf('检测员1')).getByText('2024-05-01 08:30:00')).toBeInTheDocument();
    expect(screen.getByText('共2条')).toBeInTheDocument();
    expect(provider.list).toHaveBeenCalledWith(expect.objectContaining({ page: 1, pageSize: 20, sort: { field: 'sortCode', order: 'asc' }, filters: {} }));
  });

  it('searches by keyword from page 1 and never sends an empty keyword', async () => {
    const { provider, user } = renderPosition();
    await screen.findByText('检测员1');
    expect(provider.list.mock.calls[0]?.[0]).not.toHaveProperty('keyword');

    await user.type(screen.getByPlaceholderText('请输入关键词'), '  检测 ');
    await user.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(provider.list).toHaveBeenLastCalledWith(expect.objectContaining({ keyword: '检测', page: 1, filters: {} })));

    await user.click(screen.getByRole('button', { name: '重置' }));
    await waitFor(() => expect(provider.list).toHaveBeenCalledTimes(3));
    expect(provider.list.mock.calls[2]?.[0]).not.toHaveProperty('keyword');
  });

  it('searches a dictionary field by equality with its numeric value', async () => {
    const { provider, user } = renderPosition();
    await screen.findByText('检测员1');
    const form = screen.getByRole('button', { name: '查询' }).closest('form') as HTMLElement;
    await user.click(within(form).getByRole('combobox'));
    await user.click(await screen.findByTitle('禁用'));
    await user.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(provider.list).toHaveBeenLastCalledWith(expect.objectContaining({ page: 1, filters: { enabledMark: { op: 'eq', value: 0 } } })));
  });

  it('pages on the server and returns to page 1 when the page size changes', async () => {
    const { provider, user } = renderPosition({ provider: { list: async () => page([positionRecord(1), positionRecord(2)], 45) } });
    await screen.findByText('共45条');
    // more than one page: the quick jumper is there (antd shows it only then)
    expect(document.querySelector('.ant-pagination-options-quick-jumper input')).not.toBeNull();
    await user.click(screen.getByTitle('2'));
    await waitFor(() => expect(provider.list).toHaveBeenLastCalledWith(expect.objectContaining({ page: 2, pageSize: 20 })));
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView');
    const pager = document.querySelector('.ant-pagination') as HTMLElement;
    await user.click(within(pager).getByRole('combobox'));
    await user.click(await screen.findByTitle('50 / page')); // antd's default locale; the shell sets zh_CN
    await waitFor(() => expect(provider.list).toHaveBeenLastCalledWith(expect.objectContaining({ page: 1, pageSize: 50 })));
    expect(scrolled).toHaveBeenCalled();
  });

  it('deleting the last row of the last page goes back to the new last page, with its fresh total', async () => {
    let deleted = false;
    const list = vi.fn(async (params: { page: number }) => {
      if (params.page === 2) return deleted ? page([], 20) : page([positionRecord(21)], 21);
      return page([positionRecord(1)], deleted ? 20 : 21);
    });
    const remove = vi.fn(async () => {
      deleted = true;
      return '删除成功';
    });
    const { provider, user } = renderPosition({ provider: { list, remove } });
    await screen.findByText('共21条');
    await user.click(screen.getByTitle('2'));
    await screen.findByText('检测员21');
    await user.click(within(rowOf('检测员21')).getByRole('button', { name: '删除' }));
    await user.click(await screen.findByRole('button', { name: '确定' }));
    // the reload of page 2 is empty: page 1 is asked for, and its total shows (not an empty table with 共21条)
    await waitFor(() => expect(provider.list).toHaveBeenLastCalledWith(expect.objectContaining({ page: 1 })));
    expect(await screen.findByText('共20条')).toBeInTheDocument();
    expect(screen.getByText('检测员1')).toBeInTheDocument();
  });

  it('searches on Enter in the keyword box', async () => {
    const { provider, user } = renderPosition();
    await screen.findByText('检测员1');
    await user.type(screen.getByPlaceholderText('请输入关键词'), '主管{Enter}');
    await waitFor(() => expect(provider.list).toHaveBeenLastCalledWith(expect.objectContaining({ keyword: '主管', page: 1 })));
  });

  it('deletes a row after the REST family’s confirm 此操作将永久删除该数据, 是否继续？ and shows the server message', async () => {
    const { provider, user } = renderPosition({ provider: { remove: async () => '删除成功' } });
    await screen.findByText('检测员1');
    await user.click(within(rowOf('检测员1')).getByRole('button', { name: '删除' }));
    // spec 001 §8: positions are an /api/permission list, deleted for good
    expect(await screen.findByText('此操作将永久删除该数据, 是否继续？')).toBeInTheDocument();
    expect(provider.remove).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(provider.remove).toHaveBeenCalledWith('p1'));
    expect(await screen.findByText('删除成功')).toBeInTheDocument();
    await waitFor(() => expect(provider.list).toHaveBeenCalledTimes(2));
  });

  it('warns 请选择一条记录！ on batch delete with nothing selected', async () => {
    const { provider, user } = renderPosition();
    await screen.findByText('检测员1');
    await user.click(screen.getByRole('button', { name: '批量删除' }));
    expect(await screen.findByText('请选择一条记录！')).toBeInTheDocument();
    expect(provider.removeMany).not.toHaveBeenCalled();
  });

  it('batch deletes the selected rows after 确定要删除这 N 项吗?', async () => {
    const { provider, user } = renderPosition({ provider: { removeMany: async () => '批量删除成功！' } });
    await screen.findByText('检测员1');
    await user.click(within(rowOf('检测员1')).getByRole('checkbox'));
    await user.click(within(rowOf('检测员2')).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: '批量删除' }));
    // antd's confirm repeats its title for screen readers
    expect((await screen.findAllByText('确定要删除这 2 项吗?'))[0]).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(provider.removeMany).toHaveBeenCalledWith(['p1', 'p2']));
    expect(await screen.findByText('批量删除成功！')).toBeInTheDocument();
  });

  it('toggles the state switch through toggleState and reloads', async () => {
    const { provider, user } = renderPosition({ provider: { toggleState: async () => '操作成功！' } });
    await screen.findByText('检测员1');
    const toggle = within(rowOf('检测员2')).getByRole('switch', { name: '状态' });
    expect(toggle).not.toBeChecked();
    expect(within(rowOf('检测员1')).getByRole('switch', { name: '状态' })).toBeChecked();
    await user.click(toggle);
    await waitFor(() => expect(provider.toggleState).toHaveBeenCalledWith('p2'));
    expect(await screen.findByText('操作成功！')).toBeInTheDocument();
    await waitFor(() => expect(provider.list).toHaveBeenCalledTimes(2));
  });

  it('hides every action button without the permission codes, and shows the state as its dictionary tag', async () => {
    renderPosition({ grants: [] });
    await screen.findByText('检测员1');
    for (const name of ['新增', '批量删除', '编辑', '详情', '删除']) expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(within(rowOf('检测员1')).getByText('启用')).toBeInTheDocument();
    expect(within(rowOf('检测员2')).getByText('禁用')).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: '操作' })).not.toBeInTheDocument();
  });

  it('shows each button only for its own permission code', async () => {
    renderPosition({ grants: ['system:position:add', 'system:position:list'] });
    await screen.findByText('检测员1');
    expect(screen.getByRole('button', { name: '新增' })).toBeInTheDocument();
    expect(within(rowOf('检测员1')).getByRole('button', { name: '详情' })).toBeInTheDocument();
    for (const name of ['批量删除', '编辑', '删除']) expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
  });

  it("a button still on screen after its permission went away gives the tip 'Permission Denied' and does nothing", async () => {
    const grants = ['system:position:add', 'system:position:list'];
    const { user } = renderPosition({ grants });
    await screen.findByText('检测员1');
    grants.splice(0, 1); // the permissions were reloaded without 新增; the page has not rendered again
    await user.click(screen.getByRole('button', { name: '新增' }));
    expect(await screen.findByText('没有权限')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('sorts on the server when a sortable column header is clicked', async () => {
    const { provider, user } = renderPosition();
    await screen.findByText('检测员1');
    await user.click(screen.getByRole('columnheader', { name: /创建时间/ }));
    await waitFor(() => expect(provider.list).toHaveBeenLastCalledWith(expect.objectContaining({ sort: { field: 'createTime', order: 'asc' }, page: 1 })));
  });

  it('shows a failed load with the server message, and a generic text for anything else', async () => {
    const failure = new ApiError({
      kind: 'server',
      message: '服务器开小差了',
      status: 500,
      code: 500,
      url: '/api/permission/Position',
      method: 'GET',
      dialect: 'api',
    });
    renderPosition({ provider: { list: async () => Promise.reject(failure) } });
    expect(await screen.findByText('服务器开小差了')).toBeInTheDocument();
    cleanup();
    renderPosition({ provider: { list: async () => Promise.reject(new TypeError('x is undefined')) } });
    expect(await screen.findByText('请求出错，请重试')).toBeInTheDocument();
  });
});
