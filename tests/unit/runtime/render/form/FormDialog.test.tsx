import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../../runtime/data/ApiError';
import { positionRecord } from '../support/positionRecords';
import { renderPosition } from '../support/renderPosition';

const dialog = () => screen.getByRole('dialog');
const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

function apiError(init: Partial<ConstructorParameters<typeof ApiError>[0]> & { message: string }) {
  return new ApiError({ kind: 'business', status: 200, code: 400, url: '/api/permission/Position', method: 'POST', dialect: 'api', ...init });
}

async function openAdd(view: ReturnType<typeof renderPosition>) {
  await screen.findByText('检测员1');
  await view.user.click(screen.getByRole('button', { name: '新增' }));
  return within(await screen.findByRole('dialog'));
}

async function openRow(view: ReturnType<typeof renderPosition>, action: '编辑' | '详情') {
  await screen.findByText('检测员1');
  await view.user.click(within(rowOf('检测员1')).getByRole('button', { name: action }));
  return within(await screen.findByRole('dialog'));
}

describe('FormDialog: add', () => {
  it('shows the server-side required messages and does not create', async () => {
    const view = renderPosition({ provider: { create: async () => '添加成功' } });
    const add = await openAdd(view);
    expect(add.getByText('新增')).toBeInTheDocument();
    await view.user.click(add.getByRole('button', { name: '确认' }));
    expect(await add.findByText('请输入岗位名称')).toBeInTheDocument();
    expect(add.getByText('请输入岗位编码')).toBeInTheDocument();
    expect(view.provider.create).not.toHaveBeenCalled();
  });

  it('names every control by its field label (FormItem labels are not <label for>)', async () => {
    const view = renderPosition();
    const add = await openAdd(view);
    expect(add.getByRole('textbox', { name: '岗位名称' })).toBeInTheDocument();
    expect(add.getByRole('textbox', { name: '岗位编码' })).toBeInTheDocument();
    expect(add.getByRole('textbox', { name: '说明' })).toBeInTheDocument();
  });

  it('shows the named pattern message and the length message', async () => {
    const view = renderPosition();
    const add = await openAdd(view);
    await view.user.type(add.getByPlaceholderText('请输入岗位编码'), 'a.');
    await view.user.type(add.getByPlaceholderText('请输入岗位名称'), '长'.repeat(51));
    await view.user.click(add.getByRole('button', { name: '确认' }));
    expect(await add.findByText('只能输入字母、数字和点，且不能以点开头或结尾!')).toBeInTheDocument();
    expect(add.getByText('请不要超过50个字')).toBeInTheDocument();
    expect(view.provider.create).not.toHaveBeenCalled();
  });

  it('creates with the defaults and only the form fields, toasts the server message, closes and reloads', async () => {
    const view = renderPosition({ provider: { create: async () => '添加成功' } });
    const add = await openAdd(view);
    expect(add.getByRole('radio', { name: '启用' })).toBeChecked();
    await view.user.type(add.getByPlaceholderText('请输入岗位名称'), '质检员');
    await view.user.type(add.getByPlaceholderText('请输入岗位编码'), 'qc.1');
    await view.user.click(add.getByRole('button', { name: '确认' }));
    await waitFor(() => expect(view.provider.create).toHaveBeenCalledWith({ fullName: '质检员', enCode: 'qc.1', sortCode: 0, enabledMark: 1 }));
    expect(await screen.findByText('添加成功')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(view.provider.list).toHaveBeenCalledTimes(2));
  });

  it('puts the server field errors on their fields and keeps the dialog open', async () => {
    const fieldErrors = [{ field: 'enCode', message: '岗位编码已存在' }];
    const view = renderPosition({ provider: { create: () => Promise.reject(apiError({ kind: 'validation', message: '岗位编码已存在', fieldErrors })) } });
    const add = await openAdd(view);
    await view.user.type(add.getByPlaceholderText('请输入岗位名称'), '质检员');
    await view.user.type(add.getByPlaceholderText('请输入岗位编码'), 'tester.1');
    await view.user.click(add.getByRole('button', { name: '确认' }));
    expect(await add.findByText('岗位编码已存在')).toBeInTheDocument();
    expect(view.provider.create).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    // editing the field clears the server's verdict
    await view.user.type(add.getByPlaceholderText('请输入岗位编码'), '0');
    await waitFor(() => expect(add.queryByText('岗位编码已存在')).not.toBeInTheDocument());
  });

  it('shows the server field errors that match no field of the form as a message', async () => {
    const fieldErrors = [{ field: 'organizeId', message: '所属组织不存在' }];
    const view = renderPosition({ provider: { create: () => Promise.reject(apiError({ kind: 'validation', message: '所属组织不存在', fieldErrors })) } });
    const add = await openAdd(view);
    await view.user.type(add.getByPlaceholderText('请输入岗位名称'), '质检员');
    await view.user.type(add.getByPlaceholderText('请输入岗位编码'), 'qc.2');
    await view.user.click(add.getByRole('button', { name: '确认' }));
    expect(await screen.findByText('所属组织不存在')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});

describe('FormDialog: edit', () => {
  it('loads the record, then sends only the form fields and the version', async () => {
    const view = renderPosition({ provider: { get: async () => positionRecord(1), update: async () => '编辑成功' } });
    const edit = await openRow(view, '编辑');
    expect(view.provider.get).toHaveBeenCalledWith('p1', expect.any(AbortSignal));
    const name = await edit.findByDisplayValue('检测员1');
    await view.user.clear(name);
    await view.user.type(name, '检测主管');
    await view.user.click(edit.getByRole('button', { name: '确认' }));
    await waitFor(() => expect(view.provider.update).toHaveBeenCalled());
    expect(view.provider.update.mock.calls[0]).toEqual([
      'p1',
      { fullName: '检测主管', enCode: 'tester.1', sortCode: 1, enabledMark: 1, description: '说明1', version: 3 },
    ]);
    expect(await screen.findByText('编辑成功')).toBeInTheDocument();
  });

  it('shows a stale-version error and keeps the dialog open', async () => {
    const stale = apiError({ message: '数据已被他人修改，请刷新后重试', errorCode: 'CL_ERR_RECORD_STALE', method: 'PUT' });
    const view = renderPosition({ provider: { get: async () => positionRecord(1), update: () => Promise.reject(stale) } });
    const edit = await openRow(view, '编辑');
    await edit.findByDisplayValue('检测员1');
    await view.user.click(edit.getByRole('button', { name: '确认' }));
    expect(await screen.findByText('数据已被他人修改，请刷新后重试')).toBeInTheDocument();
    expect(dialog()).toBeInTheDocument();
    expect(edit.getByRole('button', { name: '确认' })).toBeEnabled();
  });

  it('does not repeat an error the HTTP client already showed', async () => {
    const shown = apiError({ message: '服务器内部错误', kind: 'server' });
    shown.notified = true;
    const view = renderPosition({ provider: { get: async () => positionRecord(1), update: () => Promise.reject(shown) } });
    const edit = await openRow(view, '编辑');
    await edit.findByDisplayValue('检测员1');
    await view.user.click(edit.getByRole('button', { name: '确认' }));
    await waitFor(() => expect(view.provider.update).toHaveBeenCalled());
    expect(screen.queryByText('服务器内部错误')).not.toBeInTheDocument();
  });
});

describe('FormDialog: detail', () => {
  it('is the same form read-only, with only 关闭', async () => {
    const view = renderPosition({ provider: { get: async () => positionRecord(1) } });
    const detail = await openRow(view, '详情');
    expect(await detail.findByText('tester.1')).toBeInTheDocument();
    expect(detail.getByText('详情')).toBeInTheDocument();
    expect(detail.getByText('检测员1')).toBeInTheDocument();
    expect(detail.getByText('启用')).toBeInTheDocument();
    expect(detail.getByText('岗位名称')).toBeInTheDocument();
    expect(detail.queryAllByRole('textbox')).toHaveLength(0);
    expect(detail.queryAllByRole('spinbutton')).toHaveLength(0);
    expect(detail.queryAllByRole('radio')).toHaveLength(0);
    expect(detail.queryByRole('button', { name: '确认' })).not.toBeInTheDocument();
    await view.user.click(detail.getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
