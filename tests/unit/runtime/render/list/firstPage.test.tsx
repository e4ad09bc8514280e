import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createFieldRegistry } from '../../../../../runtime/fields/createFieldRegistry';
import { defaultFields } from '../../../../../runtime/fields/defaultFields';
import { DictRadio } from '../../../../../runtime/fields/DictRadio';
import { lazyField } from '../../../../../runtime/fields/lazyField';
import { requestFirstPage } from '../../../../../runtime/render/list/firstPage';
import { ListPage } from '../../../../../runtime/render/list/ListPage';
import { page, positionRecord } from '../support/positionRecords';
import { servedPosition } from '../support/servedModels';
import { testDataProvider } from '../support/testDataProvider';
import { renderWithRuntime, testRuntime } from '../support/testRuntime';

describe('ListPage: a first page requested beforehand', () => {
  it('is the first load when it came from this page provider', async () => {
    const served = servedPosition();
    const provider = testDataProvider({ list: async () => page([positionRecord(1)]) });
    const firstPage = requestFirstPage(served, provider);
    renderWithRuntime(<ListPage served={served} dataProvider={provider} firstPage={firstPage} />, testRuntime());
    expect(await screen.findByText('检测员1')).toBeInTheDocument();
    expect(provider.list).toHaveBeenCalledTimes(1);
    expect(firstPage.take()).toBeNull();
  });

  it('is ignored when it came from another provider, or the list has fixed filters', async () => {
    const served = servedPosition();
    const other = testDataProvider({ list: async () => page([positionRecord(9)]) });
    const provider = testDataProvider({ list: async () => page([positionRecord(1)]) });
    renderWithRuntime(<ListPage served={served} dataProvider={provider} firstPage={requestFirstPage(served, other)} />, testRuntime());
    expect(await screen.findByText('检测员1')).toBeInTheDocument();
    expect(screen.queryByText('检测员9')).not.toBeInTheDocument();

    const filtered = testDataProvider({ list: async () => page([positionRecord(2)]) });
    const fixedFilters = { organizeId: { op: 'eq' as const, value: 'o1' } };
    renderWithRuntime(
      <ListPage served={served} dataProvider={filtered} fixedFilters={fixedFilters} firstPage={requestFirstPage(served, filtered)} />,
      testRuntime(),
    );
    await waitFor(() => expect(filtered.list).toHaveBeenCalledTimes(2));
    expect(filtered.list).toHaveBeenLastCalledWith(expect.objectContaining({ filters: fixedFilters }));
  });

  it('once the rows show, fetches the lazy widgets of the form before the dialog is opened', async () => {
    const load = vi.fn(async () => DictRadio);
    const fields = createFieldRegistry({ ...defaultFields, DictRadio: lazyField(load) });
    const provider = testDataProvider({ list: async () => page([positionRecord(1)]) });
    renderWithRuntime(<ListPage served={servedPosition()} />, testRuntime({ fields, providers: { 'system.position': provider } }));
    expect(await screen.findByText('检测员1')).toBeInTheDocument();
    await waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
