import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createHookRegistry } from '../../../../../runtime/hooks/createHookRegistry';
import type { DataRecord } from '../../../../../runtime/data/DataProvider';
import type { ModelFile } from '../../../../../runtime/model/types';
import type { ListActionObject } from '../../../../../runtime/model/v2Parts';
import { ListPage } from '../../../../../runtime/render/list/ListPage';
import { rowActionVisible } from '../../../../../runtime/render/list/rowActionVisible';
import { page, positionRecord } from '../support/positionRecords';
import { positionFile, serve } from '../support/servedModels';
import { testDataProvider } from '../support/testDataProvider';
import { renderWithRuntime, testRuntime } from '../support/testRuntime';

const model = {
  ...structuredClone(positionFile),
  operations: {
    release: { route: 'PUT {base}/{id}/Actions/Release', permission: 'release', target: 'record' },
    archive: { route: 'POST {base}/Actions/Archive', permission: 'archive' },
  },
  list: {
    ...positionFile.list,
    columns: [{ field: 'fullName', cell: 'test.bold' }, 'enCode'],
    actions: [
      'detail',
      { key: 'release', label: '发布', operation: 'release', confirm: '确定发布吗?' },
      { key: 'archive', label: '归档', operation: 'archive', placement: 'toolbar' },
      { key: 'ping', label: '测试', hook: 'test.ping', placement: 'toolbar' },
      { key: 'preview', label: '预览', hook: 'test.preview', permission: 'preview', placement: 'row' },
      { key: 'online', label: '在线', hook: 'test.ping', permission: 'online', placement: 'toolbar' },
    ],
  },
} as unknown as ModelFile;

function renderActions(grants: string[] | 'all' = 'all', served = serve(model), records: DataRecord[] = [positionRecord(1)]) {
  const hooks = createHookRegistry();
  const ping = vi.fn(() => '已测试');
  const preview = vi.fn(() => undefined);
  hooks.register('action', 'test.ping', ping);
  hooks.register('action', 'test.preview', preview);
  hooks.register('cell', 'test.bold', (value) => <b data-testid="bold">{String(value)}</b>);
  const provider = testDataProvider({ list: async () => page(records), callOperation: async () => '发布成功' });
  renderWithRuntime(<ListPage served={served} />, testRuntime({ grants, hooks, providers: { 'system.position': provider } }));
  return { provider, ping, preview };
}

describe('list actions as objects', () => {
  it('calls a row action’s operation on the row after its confirm, toasts the message and reloads', async () => {
    const { provider } = renderActions();
    const row = (await screen.findByText('检测员1')).closest('tr') as HTMLElement;
    await userEvent.click(within(row).getByRole('button', { name: '发布' }));
    await userEvent.click(await screen.findByRole('button', { name: '确定' }));
    await waitFor(() => expect(provider.callOperation).toHaveBeenCalledWith('release', { id: positionRecord(1).id }));
    expect(await screen.findByText('发布成功')).toBeInTheDocument();
    await waitFor(() => expect(provider.list).toHaveBeenCalledTimes(2));
  });

  it('runs a toolbar hook with the screen and calls a toolbar operation on the checked rows', async () => {
    const { provider, ping } = renderActions();
    await screen.findByText('检测员1');
    await userEvent.click(screen.getByRole('button', { name: '测试' }));
    await waitFor(() => expect(ping).toHaveBeenCalledWith(expect.objectContaining({ selection: [], record: undefined })));
    await userEvent.click(screen.getAllByRole('checkbox')[1]!);
    await userEvent.click(screen.getByRole('button', { name: '归档' }));
    await waitFor(() => expect(provider.callOperation).toHaveBeenCalledWith('archive', { ids: [positionRecord(1).id] }));
  });

  it('hides an operation action without its permission code; a hook action stays', async () => {
    renderActions(['system:position:list']);
    await screen.findByText('检测员1');
    expect(screen.queryByRole('button', { name: '发布' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '归档' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '测试' })).toBeInTheDocument();
  });

  it('hides a hook action naming a permission (version 11) from a user without <prefix><permission>', async () => {
    renderActions(['system:position:list', 'system:position:release']);
    const row = (await screen.findByText('检测员1')).closest('tr') as HTMLElement;
    expect(within(row).getByRole('button', { name: '发布' })).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: '预览' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '在线' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '测试' })).toBeInTheDocument();
  });

  it('shows a hook action naming a permission to a holder of that code and runs it on the row', async () => {
    const { preview } = renderActions(['system:position:list', 'system:position:preview']);
    const row = (await screen.findByText('检测员1')).closest('tr') as HTMLElement;
    expect(screen.queryByRole('button', { name: '在线' })).not.toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: '预览' }));
    await waitFor(() => expect(preview).toHaveBeenCalledWith(expect.objectContaining({ record: expect.objectContaining({ id: positionRecord(1).id }) })));
  });

  it('renders a column through its cell hook', async () => {
    renderActions();
    expect(await screen.findByTestId('bold')).toHaveTextContent('检测员1');
  });
});

// format version 14: a row action's visibleWhen, an expression evaluated against each row
describe('a row action’s condition (visibleWhen)', () => {
  const actions = (model.list!.actions ?? []).map((action) =>
    typeof action === 'object' && action.key === 'release' ? { ...action, visibleWhen: 'enabledMark == 0 && !locked' } : action,
  );
  const served = serve({ ...model, list: { ...model.list!, actions } } as ModelFile);
  const release = served.model.list!.actions!.find((a) => typeof a === 'object' && a.key === 'release') as ListActionObject;

  it('holds where the expression is true for the row and not elsewhere; an action without one shows everywhere', () => {
    expect(rowActionVisible(served, release, positionRecord(1, { enabledMark: 0, locked: false }))).toBe(true);
    expect(rowActionVisible(served, release, positionRecord(2, { enabledMark: 1 }))).toBe(false);
    expect(rowActionVisible(served, release, positionRecord(3, { enabledMark: '0', locked: true }))).toBe(false);
    // a value the row lacks reads as empty (!locked holds), and '0' equals 0 as in every model expression
    expect(rowActionVisible(served, release, positionRecord(4, { enabledMark: '0' }))).toBe(true);
    const preview = served.model.list!.actions!.find((a) => typeof a === 'object' && a.key === 'preview') as ListActionObject;
    expect(rowActionVisible(served, preview, positionRecord(5))).toBe(true);
  });

  it('names the model and the action when the condition does not compile', () => {
    expect(() => rowActionVisible(served, { ...release, visibleWhen: 'enabledMark ==' }, positionRecord(1))).toThrow(
      /model system\.position: list action "release" visibleWhen: /,
    );
  });

  it('renders the button only on the rows it holds for; the other row and toolbar actions are unchanged', async () => {
    renderActions('all', served, [positionRecord(1, { enabledMark: 0 }), positionRecord(2, { enabledMark: 1 })]);
    const off = (await screen.findByText('检测员1')).closest('tr') as HTMLElement;
    const on = screen.getByText('检测员2').closest('tr') as HTMLElement;
    expect(within(off).getByRole('button', { name: '发布' })).toBeInTheDocument();
    expect(within(on).queryByRole('button', { name: '发布' })).not.toBeInTheDocument();
    for (const row of [off, on]) expect(within(row).getByRole('button', { name: '预览' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '归档' })).toBeInTheDocument();
  });
});
