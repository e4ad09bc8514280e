import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { DictSource } from '../../../../../runtime/fields/dict/DictSource';
import { staticDictSource } from '../../../../../runtime/fields/dict/createDictSource';
import { allowedActions } from '../../../../../runtime/render/list/allowedActions';
import { initialListQuery } from '../../../../../runtime/render/list/firstPage';
import { useDictOptionMap, peekDictOptions } from '../../../../../runtime/render/list/useDictOptionMap';
import type { ListController } from '../../../../../runtime/render/list/useListController';
import { useListColumns } from '../../../../../runtime/render/list/useListColumns';
import { RuntimeProvider } from '../../../../../runtime/render/RuntimeProvider';
import { positionRecord } from '../support/positionRecords';
import { servedPosition } from '../support/servedModels';
import { TEST_DICTS, testRuntime } from '../support/testRuntime';

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

function withRuntime(dicts: DictSource) {
  const runtime = testRuntime({ dicts });
  return ({ children }: { children: ReactNode }) => <RuntimeProvider runtime={runtime}>{children}</RuntimeProvider>;
}

// A list mounting with its rows must not render again by itself: that second render of the whole list (table
// and all) came before its rows were painted, and was half of the list page's main-thread blocking.
describe('a list page renders its columns once', () => {
  it('with the dictionaries the source already holds, and the screen width, known at the first render', async () => {
    const served = servedPosition();
    const runtime = testRuntime({ dicts: staticDictSource(TEST_DICTS) });
    const list = { status: 'ready', records: [positionRecord(1)], total: 1, refreshing: false, params: initialListQuery(served) } as unknown as ListController;
    const allowed = allowedActions(served, runtime.access, false, false);
    const actions = { remove: vi.fn(), removeSelected: vi.fn(), toggleState: vi.fn() };
    let renders = 0;
    const wrapper = ({ children }: { children: ReactNode }) => <RuntimeProvider runtime={runtime}>{children}</RuntimeProvider>;
    const { result } = renderHook(
      () => {
        renders += 1;
        return useListColumns({ served, list, allowed, actions, onEdit: vi.fn(), onDetail: vi.fn() });
      },
      { wrapper },
    );
    expect(result.current.length).toBeGreaterThan(0);
    await settle();
    expect(renders).toBe(1);
  });

  it('takes dictionaries still to be read once they have come', async () => {
    const held = staticDictSource(TEST_DICTS);
    const options = vi.fn(held.options);
    const served = servedPosition();
    const { result } = renderHook(() => useDictOptionMap(served), { wrapper: withRuntime({ options }) });
    expect(result.current.size).toBe(0);
    await waitFor(() => expect(result.current.get('enabled_state')?.map((o) => o.text)).toEqual(['启用', '禁用']));
    expect(options).toHaveBeenCalledWith('enabled_state');
  });
});

describe('peekDictOptions', () => {
  it('answers the items a source already holds, and null as soon as one dictionary is still to be read', () => {
    const held = staticDictSource(TEST_DICTS);
    expect(
      peekDictOptions(held, ['enabled_state'])
        ?.get('enabled_state')
        ?.map((o) => o.text),
    ).toEqual(['启用', '禁用']);
    expect(peekDictOptions(held, [])?.size).toBe(0);
    const partial: DictSource = { options: held.options, peek: (code) => (code === 'enabled_state' ? held.peek?.(code) : undefined) };
    expect(peekDictOptions(partial, ['enabled_state', 'other'])).toBeNull();
    expect(peekDictOptions({ options: held.options }, ['enabled_state'])).toBeNull();
  });
});
