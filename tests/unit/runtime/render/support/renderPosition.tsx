import userEvent from '@testing-library/user-event';
import type { DataProvider } from '../../../../../runtime/data/DataProvider';
import { ListPage } from '../../../../../runtime/render/list/ListPage';
import { page, positionRecord } from './positionRecords';
import { servedPosition } from './servedModels';
import { testDataProvider } from './testDataProvider';
import { renderWithRuntime, testRuntime } from './testRuntime';

export interface RenderPositionOptions {
  grants?: string[] | 'all';
  provider?: Partial<DataProvider>;
}

/** The Position list page over a test data provider holding two records. */
export function renderPosition(options: RenderPositionOptions = {}) {
  const provider = testDataProvider({
    list: async () => page([positionRecord(1), positionRecord(2, { enabledMark: 0, enabledMark_dictText: '禁用' })]),
    ...options.provider,
  });
  const runtime = testRuntime({ grants: options.grants, providers: { 'system.position': provider } });
  const served = servedPosition();
  const user = userEvent.setup();
  const view = renderWithRuntime(<ListPage served={served} />, runtime);
  return { ...view, provider, runtime, served, user };
}

export const POSITION_CODES = ['add', 'edit', 'delete', 'state', 'list'].map((action) => `system:position:${action}`);
