import path from 'node:path';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createHookRegistry } from '../../../../../runtime/hooks/createHookRegistry';
import { ListPage } from '../../../../../runtime/render/list/ListPage';
import { loadModules } from '../../../../../server/engine/loadModules';
import { page } from '../support/positionRecords';
import { serve } from '../support/servedModels';
import { testDataProvider } from '../support/testDataProvider';
import { renderWithRuntime, testRuntime } from '../support/testRuntime';

// 员工档案's hook actions name their codes (format v11): 打印 (staff:member:print, checked by the print calls) and
// 导出人员技术档案 (staff:member:assessorExport, checked by the export route) show only to a role granted them.

const member = loadModules([path.resolve(process.cwd(), 'schemas')]).models.get('staff.member')!;

function renderStaff(grants: string[]) {
  const hooks = createHookRegistry();
  hooks.register('action', 'devPlatform.printRecord', vi.fn());
  hooks.register('action', 'staff.assessorExport', vi.fn());
  const provider = testDataProvider({ list: async () => page([{ id: 's1', version: 1, realname: '王检测', workNo: 'W900' }]) });
  renderWithRuntime(<ListPage served={serve(member)} />, testRuntime({ grants, hooks, providers: { 'staff.member': provider } }));
}

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;

describe('员工档案: 打印 and 导出人员技术档案 need their codes', () => {
  it('hides both from a role with the list and edit codes only', async () => {
    renderStaff(['staff:member:list', 'staff:member:edit']);
    const row = await rowOf('王检测');
    expect(within(row).getByRole('button', { name: '编辑' })).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: '打印' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '导出人员技术档案' })).not.toBeInTheDocument();
  });

  it('shows each to a role granted its code', async () => {
    renderStaff(['staff:member:list', 'staff:member:print', 'staff:member:assessorExport']);
    expect(within(await rowOf('王检测')).getByRole('button', { name: '打印' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '导出人员技术档案' })).toBeInTheDocument();
  });
});
