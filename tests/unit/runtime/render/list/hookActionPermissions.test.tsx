import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import dataRuleModel from '../../../../../schemas/system/models/dataRule.model.json';
import permissionModel from '../../../../../schemas/system/models/permission.model.json';
import roleModel from '../../../../../schemas/system/models/role.model.json';
import type { DataRecord } from '../../../../../runtime/data/DataProvider';
import type { ModelFile } from '../../../../../runtime/model/types';
import { ModelPage } from '../../../../../runtime/render/ModelPage';
import { page } from '../support/positionRecords';
import { serve } from '../support/servedModels';
import { systemModelHooks } from '../support/systemModelHooks';
import { testDataProvider } from '../support/testDataProvider';
import { renderWithRuntime, testModels, testRuntime } from '../support/testRuntime';

// The shipped access-control screens' hook actions name their permission (format v11): 预览, 添加下级
// and 授权 show only to holders of the code the server checks for the calls behind them.

const row: DataRecord = { id: 'r1', version: 1, name: '本部门', modelId: 'system.position', kind: 'department', roleName: '检测员', roleCode: 'tester' };

function renderShipped(file: unknown, grants: string[]) {
  const model = structuredClone(file) as ModelFile;
  const provider = testDataProvider({ list: async () => page([{ ...row, username: 'u1', realname: '用户一', parentId: '0', menuType: 0 }]) });
  const runtime = testRuntime({ grants, hooks: systemModelHooks(), models: testModels(serve(model)), providers: { [model.id]: provider } });
  renderWithRuntime(<ModelPage modelId={model.id} />, runtime);
}

const rowOf = async (text: string) => (await screen.findByText(text, undefined, { timeout: 20_000 })).closest('tr') as HTMLElement;

describe('hook actions of the access-control screens (format v11 permissions)', () => {
  it('数据规则: 预览 needs system:dataRule:preview', async () => {
    renderShipped(dataRuleModel, ['system:dataRule:list', 'system:dataRule:edit']);
    const without = await rowOf('本部门');
    expect(within(without).getByRole('button', { name: '编辑' })).toBeInTheDocument();
    expect(within(without).queryByRole('button', { name: '预览' })).not.toBeInTheDocument();
  });

  it('数据规则: 预览 shows with system:dataRule:preview', async () => {
    renderShipped(dataRuleModel, ['system:dataRule:list', 'system:dataRule:preview']);
    expect(within(await rowOf('本部门')).getByRole('button', { name: '预览' })).toBeInTheDocument();
  });

  it('菜单管理 (tree table): 添加下级 needs system:permission:add', async () => {
    renderShipped(permissionModel, ['system:permission:list', 'system:permission:edit']);
    expect(within(await rowOf('本部门')).queryByRole('button', { name: '添加下级' })).not.toBeInTheDocument();
  });

  it('菜单管理 (tree table): 添加下级 shows with system:permission:add', async () => {
    renderShipped(permissionModel, ['system:permission:list', 'system:permission:add']);
    expect(within(await rowOf('本部门')).getByRole('button', { name: '添加下级' })).toBeInTheDocument();
  });

  it('角色管理: 授权 needs system:role:authorize', async () => {
    renderShipped(roleModel, ['system:role:list']);
    expect(within(await rowOf('检测员')).queryByRole('button', { name: '授权' })).not.toBeInTheDocument();
  });

  it('角色管理: 授权 shows with system:role:authorize', async () => {
    renderShipped(roleModel, ['system:role:list', 'system:role:authorize']);
    expect(within(await rowOf('检测员')).getByRole('button', { name: '授权' })).toBeInTheDocument();
  });
});
