import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { UNPAGED_LIST_ROWS, type ModelFile } from '../../../../../runtime/model/types';
import { ListPage } from '../../../../../runtime/render/list/ListPage';
import { page, positionRecord } from '../support/positionRecords';
import { positionFile, serve } from '../support/servedModels';
import { testDataProvider } from '../support/testDataProvider';
import { renderWithRuntime, testRuntime } from '../support/testRuntime';

/** The Position list made unpaged (format version 10: list.page false, list.scrollHeight). */
function renderUnpaged(total: number, shown = total) {
  const model = structuredClone(positionFile) as ModelFile;
  model.list = { ...model.list!, page: false, scrollHeight: 400 };
  const records = Array.from({ length: shown }, (_, i) => positionRecord(i + 1));
  const provider = testDataProvider({ list: async () => page(records, total) });
  const runtime = testRuntime({ providers: { 'system.position': provider } });
  renderWithRuntime(<ListPage served={serve(model)} />, runtime);
  return provider;
}

describe('ListPage: an unpaged list (list.page false)', () => {
  it('asks for every row up to the cap and shows them all in a 400-pixel scroll area, with no pager', async () => {
    const provider = renderUnpaged(25);
    expect(await screen.findByText('检测员25')).toBeInTheDocument();
    expect(screen.getByText('检测员1')).toBeInTheDocument();
    expect(provider.list).toHaveBeenCalledWith(expect.objectContaining({ page: 1, pageSize: UNPAGED_LIST_ROWS }));
    expect(document.querySelector('.ant-pagination')).toBeNull();
    expect(screen.queryByText('共25条')).toBeNull();
    const body = document.querySelector('.ant-table-body') as HTMLElement;
    expect(body.style.maxHeight).toBe('400px');
    expect(body.style.overflowY).toBe('scroll');
  });

  it('says how many rows the server left out past its cap', async () => {
    renderUnpaged(UNPAGED_LIST_ROWS + 5, 3);
    expect(await screen.findByText(`共${UNPAGED_LIST_ROWS + 5}条，仅显示前3条`)).toBeInTheDocument();
  });
});
