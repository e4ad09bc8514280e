import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import type { ModelFile } from '../../../../../runtime/model/types';
import { ListPage } from '../../../../../runtime/render/list/ListPage';
import { page } from '../support/positionRecords';
import { positionFile, serve } from '../support/servedModels';
import { testDataProvider } from '../support/testDataProvider';
import { renderWithRuntime, testRuntime } from '../support/testRuntime';

// An operation list (format version 13, list.rows): rows a named operation answers, with fields of their own.
const model = {
  ...structuredClone(positionFile),
  api: { ...positionFile.api, operations: { list: false, get: false, create: false, update: false, delete: false, deleteBatch: false } },
  operations: {
    sessions: { route: 'GET {base}/Sessions', permission: 'online', hook: 'test.sessions' },
    signOut: { route: 'POST {base}/{id}/Actions/SignOut', permission: 'forceOffline', hook: 'test.signOut' },
  },
  list: {
    rows: {
      operation: 'sessions',
      fields: { ip: { type: 'string', label: '登录IP', maxLength: 64 }, loginTime: { type: 'datetime', label: '登录时间' } },
    },
    search: ['keyword'],
    columns: [{ field: 'fullName', title: '用户姓名' }, 'ip', 'loginTime'],
    actions: [{ key: 'signOut', label: '强制退出', operation: 'signOut', placement: 'row', confirm: '确定强制该用户退出？' }],
  },
  form: undefined,
} as unknown as ModelFile;

const LOGIN = '2026-11-26T08:30:05.000Z';
const session = { id: 'k1', fullName: '张明', ip: '10.0.0.7', loginTime: LOGIN };

function renderSessions(grants: string[] | 'all' = 'all') {
  const provider = testDataProvider({ list: async () => page([session]), callOperation: async () => '操作成功' });
  renderWithRuntime(<ListPage served={serve(model)} />, testRuntime({ grants, providers: { 'system.position': provider } }));
  return provider;
}

describe('ListPage: an operation list (list.rows)', () => {
  it('labels the columns of the row fields, formats them by type, and asks without the table’s default sort', async () => {
    const provider = renderSessions();
    const row = (await screen.findByText('张明')).closest('tr') as HTMLElement;
    expect(within(row).getByText('10.0.0.7')).toBeInTheDocument();
    expect(within(row).getByText(dayjs(LOGIN).format('YYYY-MM-DD HH:mm:ss'))).toBeInTheDocument();
    for (const title of ['用户姓名', '登录IP', '登录时间']) expect(screen.getByRole('columnheader', { name: title })).toBeInTheDocument();
    expect(provider.list).toHaveBeenCalledWith(expect.objectContaining({ page: 1, sort: undefined }));
    // positionFile sorts by sortCode; an operation list is in its operation's order, with no sorter on any column
    expect(document.querySelector('.ant-table-column-has-sorters')).toBeNull();
    expect(screen.queryByRole('button', { name: /新\s*增/ })).not.toBeInTheDocument();
  });

  it('runs a row operation on the row’s id after its confirm, then reads the rows again', async () => {
    const provider = renderSessions();
    const row = (await screen.findByText('张明')).closest('tr') as HTMLElement;
    await userEvent.click(within(row).getByRole('button', { name: '强制退出' }));
    await userEvent.click(await screen.findByRole('button', { name: '确定' }));
    await waitFor(() => expect(provider.callOperation).toHaveBeenCalledWith('signOut', { id: 'k1' }));
    await waitFor(() => expect(provider.list).toHaveBeenCalledTimes(2));
  });

  it('hides the row operation from a user without its permission', async () => {
    renderSessions(['system:position:online']);
    const row = (await screen.findByText('张明')).closest('tr') as HTMLElement;
    expect(within(row).queryByRole('button', { name: '强制退出' })).not.toBeInTheDocument();
  });
});
