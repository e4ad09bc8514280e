import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ModelFile } from '../../../../../runtime/model/types';
import { ListPage } from '../../../../../runtime/render/list/ListPage';
import { foldRowLinks, type RowLink } from '../../../../../runtime/render/list/rowLinks';
import { page, positionRecord } from '../support/positionRecords';
import { positionFile, serve } from '../support/servedModels';
import { testDataProvider } from '../support/testDataProvider';
import { renderWithRuntime, testRuntime } from '../support/testRuntime';

const link = (key: string): RowLink => ({ key, label: key, run: () => undefined });

describe('foldRowLinks: the first links show, the rest fold into 更多', () => {
  it('shows up to four links (a 更多 of one would hide it in its own room) and folds beyond the first three', () => {
    const four = ['edit', 'detail', 'delete', 'print'].map(link);
    expect(foldRowLinks(four)).toEqual({ inline: four, more: [] });
    const six = ['edit', 'detail', 'delete', 'reset', 'unlock', 'offline'].map(link);
    const folded = foldRowLinks(six);
    expect(folded.inline.map((l) => l.key)).toEqual(['edit', 'detail', 'delete']);
    expect(folded.more.map((l) => l.key)).toEqual(['reset', 'unlock', 'offline']);
    expect(foldRowLinks(six, 2).more).toHaveLength(4);
  });
});

// 用户管理's shape: 编辑 详情 删除 and three row actions of its own, the last two asking first
const model = {
  ...structuredClone(positionFile),
  operations: {
    reset: { route: 'POST {base}/{id}/Actions/Reset', permission: 'reset', target: 'record' },
    unlock: { route: 'PUT {base}/{id}/Actions/Unlock', permission: 'unlock', target: 'record' },
    offline: { route: 'POST {base}/{id}/Actions/Offline', permission: 'offline', target: 'record' },
  },
  list: {
    ...positionFile.list,
    actions: [
      'edit',
      'detail',
      'delete',
      { key: 'reset', label: '重置密码', operation: 'reset' },
      { key: 'unlock', label: '解除锁定', operation: 'unlock', confirm: '确定解除锁定？' },
      { key: 'offline', label: '强制下线', operation: 'offline', confirm: '确定强制下线？', visibleWhen: 'enabledMark == 1' },
    ],
  },
} as unknown as ModelFile;

/** The list of `served` over `records`: the actions cell of the row showing `name`, and the provider. */
async function actionsCell(served: ModelFile, records: Parameters<typeof page>[0], name: string, callOperation?: () => Promise<string>) {
  const provider = testDataProvider({ list: async () => page(records), ...(callOperation ? { callOperation } : {}) });
  renderWithRuntime(<ListPage served={serve(served)} />, testRuntime({ grants: 'all', providers: { 'system.position': provider } }));
  const row = (await screen.findByText(name)).closest('tr') as HTMLElement;
  const cell = row.querySelector('td:last-child') as HTMLElement;
  return {
    cell,
    provider,
    labels: () =>
      within(cell)
        .getAllByRole('button')
        .map((b) => b.textContent),
  };
}

describe('a row with more links than fit', () => {
  it('shows three links and 更多, whose menu runs the others on the row (after their confirm)', async () => {
    const { cell, provider, labels } = await actionsCell(
      model,
      [positionRecord(1, { enabledMark: 1 }), positionRecord(2, { enabledMark: 0 })],
      '检测员1',
      async () => '操作成功',
    );
    expect(labels()).toEqual(['编辑', '详情', '删除', '更多']);
    expect(within(cell).queryByRole('button', { name: '重置密码' })).not.toBeInTheDocument();

    await userEvent.click(within(cell).getByRole('button', { name: /更多/ }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['重置密码', '解除锁定', '强制下线']);
    await userEvent.click(screen.getByRole('menuitem', { name: '解除锁定' }));
    expect((await screen.findAllByText('确定解除锁定？')).length).toBeGreaterThan(0);
    expect(provider.callOperation).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(provider.callOperation).toHaveBeenCalledWith('unlock', { id: positionRecord(1).id }));
  });

  it('shows as many links as the list says (list.rowLinks, version 17)', async () => {
    const two = { ...model, list: { ...model.list!, rowLinks: 2 } } as ModelFile;
    const { labels } = await actionsCell(two, [positionRecord(1, { enabledMark: 1 })], '检测员1');
    expect(labels()).toEqual(['编辑', '详情', '更多']);
  });

  it('leaves out of 更多 what a row does not show (visibleWhen)', async () => {
    const { cell } = await actionsCell(model, [positionRecord(2, { enabledMark: 0 })], '检测员2');
    await userEvent.click(within(cell).getByRole('button', { name: /更多/ }));
    await waitFor(() => expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['重置密码', '解除锁定']));
  });
});
