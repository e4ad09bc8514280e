import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DataProvider, ImportAnswer } from '../../../../../runtime/data/DataProvider';
import type { HttpClient } from '../../../../../runtime/data/HttpClient';
import type { ModelFile } from '../../../../../runtime/model/types';
import { ListPage } from '../../../../../runtime/render/list/ListPage';
import { page, positionRecord } from '../support/positionRecords';
import { positionFile, serve } from '../support/servedModels';
import { testDataProvider } from '../support/testDataProvider';
import { renderWithRuntime, testRuntime, unreachableHttp } from '../support/testRuntime';

// the real Positions model: it opts in to import and export and lists superQuery
const model = positionFile;

function renderTools(options: { grants?: string[] | 'all'; provider?: Partial<DataProvider>; http?: HttpClient; file?: ModelFile } = {}) {
  const provider = testDataProvider({ list: async () => page([positionRecord(1), positionRecord(2)]), ...options.provider });
  const runtime = testRuntime({ grants: options.grants, providers: { 'system.position': provider }, ...(options.http ? { http: options.http } : {}) });
  const user = userEvent.setup();
  renderWithRuntime(<ListPage served={serve(options.file ?? model)} />, runtime);
  return { provider, user };
}

// antd spaces out a two-character Chinese button label
const QUERY = /^查\s?询$/;

/** An HttpClient answering only the methods given; any other call rejects (the column settings GET included). */
function httpAnswering(methods: Partial<Record<keyof HttpClient, unknown>>): HttpClient {
  return new Proxy({} as HttpClient, { get: (_target, key) => methods[key as keyof HttpClient] ?? unreachableHttp[key as keyof HttpClient] });
}

const excel = (name = 'positions.xlsx') => new File(['PK'], name, { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });

beforeEach(() => {
  // jsdom has no object URLs; the download itself is the browser's business
  URL.createObjectURL = vi.fn(() => 'blob:x');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
});
afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});
// the tools are lazy chunks: their first render waits for the import
const LAZY = { timeout: 15_000 };

// each case loads lazy chunks and drives antd dialogs: slow in jsdom on a busy machine (a hang detector, not a budget)
describe('list tools: import, export, advanced query, column settings, configuration errors', { timeout: 60_000 }, () => {
  it('shows 导入 and 导出 only to holders of <prefix>import / <prefix>export', async () => {
    renderTools({ grants: ['system:position:list'] });
    await screen.findByText('检测员1');
    expect(screen.queryByRole('button', { name: '导入' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '导出' })).not.toBeInTheDocument();
  });

  it('exports the current query, then only the checked rows', async () => {
    const exportFile = vi.fn<DataProvider['exportFile']>(async () => new Blob(['xlsx']));
    const { provider, user } = renderTools({ provider: { exportFile } });
    await screen.findByText('检测员1');
    await user.type(screen.getByPlaceholderText('请输入关键词'), '检测');
    await user.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(provider.list).toHaveBeenCalledTimes(2));
    await user.click(screen.getByRole('button', { name: '导出' }));
    await waitFor(() => expect(exportFile).toHaveBeenCalledTimes(1));
    expect(exportFile.mock.calls[0]).toEqual([expect.objectContaining({ keyword: '检测' }), expect.objectContaining({ selections: undefined })]);
    expect(await screen.findByText('导出完成', {}, LAZY)).toBeInTheDocument();
    expect(HTMLAnchorElement.prototype.click).toHaveBeenCalled();
    await user.click(within(screen.getByText('检测员1').closest('tr') as HTMLElement).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: '导出' }));
    await waitFor(() => expect(exportFile).toHaveBeenCalledTimes(2));
    expect(exportFile.mock.calls[1]?.[1]).toMatchObject({ selections: ['p1'] });
  });

  it('says 文件下载失败 for an empty export', async () => {
    const { user } = renderTools({ provider: { exportFile: async () => new Blob([]) } });
    await screen.findByText('检测员1');
    await user.click(screen.getByRole('button', { name: '导出' }));
    expect(await screen.findByText('文件下载失败', {}, LAZY)).toBeInTheDocument();
  });

  it('imports: at least one file, .xls/.xlsx only; a refused file warns with its report link; success closes and reloads', async () => {
    const answers: ImportAnswer[] = [
      { imported: false, message: '导入失败', totalCount: 2, errorCount: 1, fileUrl: '/sys/common/importReport/r1', fileName: '错误.xlsx' },
      { imported: true, message: '导入成功！', count: 2 },
    ];
    const importFile = vi.fn<DataProvider['importFile']>(async () => answers.shift()!);
    const get = vi.fn(async () => ({ code: 200, message: '', data: new Blob(['report']) }));
    const { provider, user } = renderTools({ provider: { importFile }, http: httpAnswering({ get }) });
    await screen.findByText('检测员1');
    await user.click(screen.getByRole('button', { name: '导入' }));
    const dialog = await screen.findByRole('dialog', { name: '导入EXCEL' }, LAZY);
    await user.click(within(dialog).getByRole('button', { name: '开始导入' }));
    expect(await screen.findByText('请选择要导入的文件')).toBeInTheDocument();

    // antd renews its file input after each choice: look it up every time
    const input = () => dialog.querySelector('input[type=file]') as HTMLInputElement;
    await userEvent.setup({ applyAccept: false }).upload(input(), new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByText('只能导入 .xls 或 .xlsx 文件')).toBeInTheDocument();
    expect(within(dialog).queryByText('notes.txt')).not.toBeInTheDocument();

    await user.upload(input(), excel());
    await user.click(within(dialog).getByRole('button', { name: '开始导入' }));
    await waitFor(() =>
      expect(importFile).toHaveBeenCalledWith(expect.any(File), 'positions.xlsx', expect.objectContaining({ onProgress: expect.any(Function) })),
    );
    expect((await screen.findAllByText('导入失败'))[0]).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '下载错误明细' }));
    await waitFor(() => expect(get).toHaveBeenCalledWith('/sys/common/importReport/r1', {}, { responseType: 'blob' }));
    expect(provider.list).toHaveBeenCalledTimes(1); // nothing imported: no reload
    await user.click(screen.getByRole('button', { name: /^确\s?定$/ }));
    expect(screen.getByRole('dialog', { name: '导入EXCEL' })).toBeVisible();
    expect(within(dialog).getByText('positions.xlsx')).toBeInTheDocument(); // kept to fix and retry

    // closing forgets the files: the next import starts empty
    await user.click(within(dialog).getByRole('button', { name: /^关\s?闭$/ }));
    await user.click(screen.getByRole('button', { name: '导入' }));
    await waitFor(() => expect(within(dialog).queryByText('positions.xlsx')).not.toBeInTheDocument());
    await user.upload(input(), excel());
    await user.click(within(dialog).getByRole('button', { name: '开始导入' }));
    expect(await screen.findByText('导入成功！')).toBeInTheDocument();
    await waitFor(() => expect(provider.list).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '导入EXCEL' })).not.toBeInTheDocument());
  });

  it('shows an import’s progress: the bytes sent on the file’s bar, then a notice while the server checks the rows', async () => {
    let finish: (answer: ImportAnswer) => void = () => undefined;
    let report: ((loaded: number, total: number) => void) | undefined;
    const importFile = vi.fn<DataProvider['importFile']>((_file, _name, options) => {
      report = options?.onProgress;
      return new Promise((resolve) => (finish = resolve));
    });
    const { user } = renderTools({ provider: { importFile } });
    await screen.findByText('检测员1');
    await user.click(screen.getByRole('button', { name: '导入' }));
    const dialog = await screen.findByRole('dialog', { name: '导入EXCEL' }, LAZY);
    await user.upload(dialog.querySelector('input[type=file]') as HTMLInputElement, excel());
    await user.click(within(dialog).getByRole('button', { name: '开始导入' }));
    await waitFor(() => expect(report).toBeDefined());
    act(() => report!(512, 1024));
    await waitFor(() => expect(within(dialog).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50'));
    expect(screen.queryByText('正在校验并导入 positions.xlsx…')).not.toBeInTheDocument();
    act(() => report!(1024, 1024));
    expect(await screen.findByText('正在校验并导入 positions.xlsx…')).toBeInTheDocument();
    // all bytes sent is not done: the bar waits at 99 % for the server's answer
    expect(within(dialog).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '99');
    act(() => finish({ imported: true, message: '导入成功！', count: 2 }));
    expect(await screen.findByText('导入成功！')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('正在校验并导入 positions.xlsx…')).not.toBeInTheDocument());
  });

  it('runs the advanced query: empty condition warns; a complete line reaches the list as superQuery; reset clears it', async () => {
    const { provider, user } = renderTools();
    await screen.findByText('检测员1');
    await user.click(screen.getByRole('button', { name: /高级查询/ }));
    const dialog = await screen.findByRole('dialog', { name: '高级查询构造器' }, LAZY);
    await user.click(within(dialog).getByRole('button', { name: QUERY }));
    expect(await screen.findByText('不能查询空条件')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('combobox', { name: '选择查询字段' }));
    await user.click(await screen.findByTitle('岗位编码'));
    await user.type(within(dialog).getByRole('textbox', { name: '请输入值' }), ' qa ');
    await user.click(within(dialog).getByRole('button', { name: QUERY }));
    await waitFor(() =>
      expect(provider.list).toHaveBeenLastCalledWith(
        expect.objectContaining({ page: 1, superQuery: { matchType: 'and', conditions: [{ field: 'enCode', rule: 'like', val: 'qa' }] } }),
      ),
    );
    await user.click(screen.getByRole('button', { name: /高级查询/ }));
    await user.click(within(screen.getByRole('dialog', { name: '高级查询构造器' })).getByRole('button', { name: /^重\s?置$/ }));
    await waitFor(() => expect(provider.list.mock.lastCall?.[0]).not.toHaveProperty('superQuery', expect.anything()));
  });

  it('saves queries locally: empty condition and empty name warn, an existing name asks to overwrite', async () => {
    const { user } = renderTools();
    await screen.findByText('检测员1');
    await user.click(screen.getByRole('button', { name: /高级查询/ }));
    const dialog = await screen.findByRole('dialog', { name: '高级查询构造器' }, LAZY);
    await user.click(within(dialog).getByRole('button', { name: '保存查询条件' }));
    expect(await screen.findByText('空条件不能保存')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: '选择查询字段' }));
    await user.click(await screen.findByTitle('岗位名称'));
    await user.type(within(dialog).getByRole('textbox', { name: '请输入值' }), '检测');
    await user.click(within(dialog).getByRole('button', { name: '保存查询条件' }));
    expect(await screen.findByText('保存名称不能为空')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: '请输入保存的名称' }), '我的查询');
    await user.click(within(dialog).getByRole('button', { name: '保存查询条件' }));
    await waitFor(() => expect(JSON.parse(localStorage.getItem('cloudlab:superQuery:system.position') ?? '[]')).toHaveLength(1));
    expect(within(dialog).getByRole('button', { name: '我的查询' })).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: '请输入保存的名称' }), '我的查询');
    await user.click(within(dialog).getByRole('button', { name: '保存查询条件' }));
    expect((await screen.findAllByText('“我的查询” 已存在，是否覆盖？'))[0]).toBeInTheDocument();
  });

  it('names a list or delete endpoint the model switched off while listing the action', async () => {
    const broken = {
      ...structuredClone(positionFile),
      api: { ...positionFile.api, operations: { ...positionFile.api.operations, deleteBatch: false } },
    } as unknown as ModelFile;
    renderTools({ file: broken });
    expect(await screen.findByText('请设置url.deleteBatch属性！模型 system.position 没有该接口')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '批量删除' })).not.toBeInTheDocument();
  });

  it('applies saved column settings (order and visibility) and saves changes from the drawer', async () => {
    const saved = [
      { prop: 'enCode', label: '岗位编码', visible: true },
      { prop: 'fullName', label: '岗位名称', visible: false },
    ];
    const put = vi.fn(async () => ({ code: 200, message: '操作成功！', data: null }));
    const get = async () => ({ code: 200, message: '', data: { moduleId: 'system.position', fieldList: JSON.stringify(saved) } });
    const { user } = renderTools({ http: httpAnswering({ get, put }) });
    await waitFor(() => expect(screen.queryAllByRole('columnheader').map((c) => c.textContent)).not.toContain('岗位名称'));
    const headers = screen.getAllByRole('columnheader').map((c) => c.textContent);
    expect(headers.indexOf('岗位编码')).toBeLessThan(headers.indexOf('状态'));
    await user.click(screen.getByRole('button', { name: '列设置' }));
    const drawer = (await screen.findByText('列表显示设置', {}, LAZY)).closest('.ant-drawer-content') as HTMLElement;
    await user.click(within(drawer).getByRole('switch', { name: '显示 岗位名称' }));
    await waitFor(() =>
      expect(put).toHaveBeenCalledWith('/api/permission/Authority/SetColumnsByModuleId', expect.objectContaining({ moduleId: 'system.position' })),
    );
    const sent = JSON.parse((put.mock.calls[0] as unknown as [string, { fieldList: string }])[1].fieldList) as { prop: string; visible: boolean }[];
    expect(sent.find((c) => c.prop === 'fullName')?.visible).toBe(true);
    expect(screen.getAllByRole('columnheader').map((c) => c.textContent)).toContain('岗位名称');
    await user.click(within(drawer).getByRole('button', { name: '恢复默认' }));
    await waitFor(() =>
      expect(put).toHaveBeenLastCalledWith('/api/permission/Authority/SetColumnsByModuleId', { moduleId: 'system.position', fieldList: '[]' }),
    );
  });
});
