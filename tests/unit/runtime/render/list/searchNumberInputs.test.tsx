import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ModelFile } from '../../../../../runtime/model/types';
import { SearchBar } from '../../../../../runtime/render/list/SearchBar';
import { positionFile, serve } from '../support/servedModels';
import { renderWithRuntime, testRuntime } from '../support/testRuntime';

// The plain search bar's number widgets (runtime/render/list/SearchNumberInputs.tsx, loaded lazily): a number
// searched by equality gets one number box, one searched by range two (最小值, 最大值); both give numbers.
function servedWithNumbers() {
  const model = structuredClone(positionFile) as ModelFile;
  model.entity.fields.capacity = { type: 'integer', label: '定员' };
  model.entity.fields.weight = { type: 'number', label: '权重' };
  model.list = { ...model.list!, search: ['keyword', { field: 'capacity', mode: 'eq' }, { field: 'weight', mode: 'range' }] };
  return serve(model);
}

async function renderSearchBar() {
  const onSearch = vi.fn();
  const user = userEvent.setup();
  renderWithRuntime(<SearchBar served={servedWithNumbers()} onSearch={onSearch} />, testRuntime());
  // the lazy inputs replace a disabled placeholder box when their chunk has come
  const [from, to] = [await screen.findByPlaceholderText('最小值'), screen.getByPlaceholderText('最大值')];
  const capacity = await waitFor(() => {
    const input = screen.getByLabelText('定员');
    expect(input).toHaveAttribute('role', 'spinbutton');
    return input;
  });
  return { onSearch, user, capacity, from, to };
}

describe('the plain search bar’s number inputs', () => {
  it('labels the number boxes with their field and shows the range placeholders', async () => {
    const { from } = await renderSearchBar();
    expect(screen.getByLabelText('权重')).toBe(from);
  });

  it('searches a number by equality and a range by its two ends', async () => {
    const { onSearch, user, capacity, from, to } = await renderSearchBar();
    fireEvent.change(capacity, { target: { value: '12' } });
    fireEvent.change(from, { target: { value: '1.5' } });
    fireEvent.change(to, { target: { value: '3' } });
    await user.click(screen.getByRole('button', { name: '查询' }));
    expect(onSearch).toHaveBeenLastCalledWith({
      filters: { capacity: { op: 'eq', value: 12 }, weight: { op: 'range', from: 1.5, to: 3 } },
    });
    await user.click(screen.getByRole('button', { name: '重置' }));
    expect(onSearch).toHaveBeenLastCalledWith({ filters: {} });
  });
});
