import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { DataProvider, DataRecord } from '../../../../../runtime/data/DataProvider';
import type { ModelFile } from '../../../../../runtime/model/types';
import { ListPage } from '../../../../../runtime/render/list/ListPage';
import { page } from '../support/positionRecords';
import { serve } from '../support/servedModels';
import { testDataProvider } from '../support/testDataProvider';
import { renderWithRuntime, testRuntime } from '../support/testRuntime';

// Format version 12: a form item with "detailOnly": true is shown read-only in the detail view and is
// absent from add and edit (and never sent); it is the one way a form places a non-writable field.

const memberModel: ModelFile = {
  version: 17,
  id: 'test.member',
  title: '成员',
  entity: {
    table: 'test_member',
    fields: {
      realname: { type: 'string', label: '姓名', maxLength: 20, required: true },
      remark: { type: 'string', label: '备注', maxLength: 50 },
      pledge: { type: 'string', label: '安全承诺书', maxLength: 500, writable: false },
    },
  },
  api: { dialect: 'api', base: '/api/test/Member' },
  list: { columns: ['realname'], actions: ['add', 'edit', 'detail'] },
  form: { fields: ['realname', { field: 'remark', detailOnly: true }, { field: 'pledge', detailOnly: true }] },
  permissions: { prefix: 'test:member:' },
};

const member: DataRecord = { id: 'm1', version: 2, realname: '张三', remark: '老员工', pledge: '已签署安全承诺书' };

function renderMembers(provider: Partial<DataProvider>) {
  const data = testDataProvider({ list: async () => page([member]), get: async () => member, ...provider });
  const runtime = testRuntime({ providers: { 'test.member': data } });
  const user = userEvent.setup();
  renderWithRuntime(<ListPage served={serve(memberModel)} />, runtime);
  return { data, user };
}

async function openRow(user: ReturnType<typeof userEvent.setup>, action: '编辑' | '详情') {
  const row = (await screen.findByText('张三')).closest('tr') as HTMLElement;
  await user.click(within(row).getByRole('button', { name: action }));
  return within(await screen.findByRole('dialog'));
}

describe('detailOnly form fields (format v12)', () => {
  it('are absent from add, and the create sends only the other fields', async () => {
    const { data, user } = renderMembers({ create: async () => '添加成功' });
    await screen.findByText('张三');
    await user.click(screen.getByRole('button', { name: '新增' }));
    const add = within(await screen.findByRole('dialog'));
    expect(add.getByRole('textbox', { name: '姓名' })).toBeInTheDocument();
    expect(add.queryByText('备注')).not.toBeInTheDocument();
    expect(add.queryByText('安全承诺书')).not.toBeInTheDocument();
    await user.type(add.getByRole('textbox', { name: '姓名' }), '李四');
    await user.click(add.getByRole('button', { name: '确认' }));
    await waitFor(() => expect(data.create).toHaveBeenCalledWith({ realname: '李四' }));
  });

  it('are absent from edit, and the update neither sends nor clears them', async () => {
    const { data, user } = renderMembers({ update: async () => '编辑成功' });
    const edit = await openRow(user, '编辑');
    await edit.findByDisplayValue('张三');
    expect(edit.queryByText('备注')).not.toBeInTheDocument();
    expect(edit.queryByText('安全承诺书')).not.toBeInTheDocument();
    expect(edit.queryByText('已签署安全承诺书')).not.toBeInTheDocument();
    await user.click(edit.getByRole('button', { name: '确认' }));
    await waitFor(() => expect(data.update).toHaveBeenCalled());
    expect(data.update.mock.calls[0]).toEqual(['m1', { realname: '张三', version: 2 }]);
  });

  it('are shown read-only with their values in detail', async () => {
    const { user } = renderMembers({});
    const detail = await openRow(user, '详情');
    expect(await detail.findByText('已签署安全承诺书')).toBeInTheDocument();
    expect(detail.getByText('安全承诺书')).toBeInTheDocument();
    expect(detail.getByText('备注')).toBeInTheDocument();
    expect(detail.getByText('老员工')).toBeInTheDocument();
    expect(detail.queryAllByRole('textbox')).toHaveLength(0);
  });
});
