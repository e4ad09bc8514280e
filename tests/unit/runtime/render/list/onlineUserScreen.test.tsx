import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import onlineUserView from '../../../../../schemas/system/models/onlineUser.model.json';
import userModel from '../../../../../schemas/system/models/user.model.json';
import { resolveView } from '../../../../../server/engine/resolveView';
import type { ModelFile, ModelView } from '../../../../../runtime/model/types';
import { ModelPage } from '../../../../../runtime/render/ModelPage';
import { page } from '../support/positionRecords';
import { serve } from '../support/servedModels';
import { systemModelHooks } from '../support/systemModelHooks';
import { testDataProvider } from '../support/testDataProvider';
import { renderWithRuntime, testModels, testRuntime } from '../support/testRuntime';

// The shipped 在线用户 screen (system.onlineUser): the row of the caller's own session (the server answers
// `current`) says 当前会话 through the model's cell hook; the other rows say nothing there. 强制退出 is on
// the other rows only (its visibleWhen "!current", format version 14): the server refuses ending one's own session.

const TIME = '2026-11-26T08:30:05.000Z';
const session = (id: string, username: string, ip: string, current: boolean) => ({
  id,
  userId: `u-${id}`,
  username,
  realname: username,
  ip,
  loginTime: TIME,
  lastActiveTime: TIME,
  current,
});

describe('在线用户 (system.onlineUser)', () => {
  it('marks the current session 当前会话 and no other row, and offers 强制退出 on the other rows only', async () => {
    // the model as the server serves it: the view laid over the users' entity
    const model = resolveView(onlineUserView as unknown as ModelView, userModel as unknown as ModelFile, 'onlineUser.model.json').model!;
    const provider = testDataProvider({ list: async () => page([session('k1', 'admin', '10.0.0.1', true), session('k2', 'zhangming', '10.0.0.2', false)]) });
    const grants = ['system:onlineUser:online', 'system:onlineUser:forceOffline'];
    renderWithRuntime(
      <ModelPage modelId={model.id} />,
      testRuntime({ grants, hooks: systemModelHooks(), models: testModels(serve(model)), providers: { [model.id]: provider } }),
    );
    const own = (await screen.findByText('10.0.0.1', undefined, { timeout: 20_000 })).closest('tr') as HTMLElement;
    const other = screen.getByText('10.0.0.2').closest('tr') as HTMLElement;
    expect(within(own).getByText('permission.sessionCurrent')).toBeInTheDocument();
    expect(within(other).queryByText('permission.sessionCurrent')).not.toBeInTheDocument();
    expect(within(own).queryByRole('button', { name: '强制退出' })).not.toBeInTheDocument();
    expect(within(other).getByRole('button', { name: '强制退出' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: '当前会话' })).toBeInTheDocument();
    // its rows come from its operation: the list endpoint it switched off is no configuration error
    expect(screen.queryByText(/请设置url\.list属性/)).not.toBeInTheDocument();
  });
});
