import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ModelFile } from '../../../../../runtime/model/types';
import { SearchBar } from '../../../../../runtime/render/list/SearchBar';
import { positionFile, serve } from '../support/servedModels';
import { renderWithRuntime, testRuntime } from '../support/testRuntime';

// The plain search bar's date widgets (runtime/render/list/SearchDateInputs.tsx, loaded lazily): a date field
// searched by equality gets one day picker, a date-time field searched by range a range picker; both give
// 'YYYY-MM-DD' strings, and a day range on a date-time field covers both whole days.
function servedWithDates() {
  const model = structuredClone(positionFile) as ModelFile;
  model.entity.fields.checkDate = { type: 'date', label: '检定日期' };
  model.entity.fields.validUntil = { type: 'datetime', label: '有效期至' };
  model.list = { ...model.list!, search: ['keyword', { field: 'checkDate', mode: 'eq' }, { field: 'validUntil', mode: 'range' }] };
  return serve(model);
}

async function renderSearchBar() {
  const onSearch = vi.fn();
  const user = userEvent.setup();
  renderWithRuntime(<SearchBar served={servedWithDates()} onSearch={onSearch} />, testRuntime());
  const day = await screen.findByPlaceholderText('请选择');
  const [from, to] = [await screen.findByPlaceholderText('开始日期'), screen.getByPlaceholderText('结束日期')];
  return { onSearch, user, day, from: from as HTMLInputElement, to: to as HTMLInputElement };
}

const typeDay = async (user: ReturnType<typeof userEvent.setup>, input: HTMLElement, text: string) => {
  await user.click(input);
  fireEvent.change(input, { target: { value: text } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
};

describe('the plain search bar’s date inputs', () => {
  it('labels each picker with its field and shows the date placeholders', async () => {
    const { day, from } = await renderSearchBar();
    expect(screen.getByLabelText('检定日期')).toBe(day);
    expect(screen.getByLabelText('有效期至')).toBe(from);
  });

  it('searches a date field by its day and a date-time range by whole days', async () => {
    const { onSearch, user, day, from, to } = await renderSearchBar();
    await typeDay(user, day, '2024-05-01');
    await waitFor(() => expect((day as HTMLInputElement).value).toBe('2024-05-01'));
    await typeDay(user, from, '2024-05-02');
    await typeDay(user, to, '2024-05-09');
    await waitFor(() => expect(to.value).toBe('2024-05-09'));
    await user.click(screen.getByRole('button', { name: '查询' }));
    expect(onSearch).toHaveBeenLastCalledWith({
      filters: {
        checkDate: { op: 'eq', value: '2024-05-01' },
        validUntil: { op: 'range', from: '2024-05-02 00:00:00', to: '2024-05-09 23:59:59' },
      },
    });
  });

  it('sends only the end of a half-open range, and nothing once reset', async () => {
    const { onSearch, user, to, day } = await renderSearchBar();
    await typeDay(user, to, '2024-06-30');
    await waitFor(() => expect(to.value).toBe('2024-06-30'));
    await user.click(screen.getByRole('button', { name: '查询' }));
    expect(onSearch).toHaveBeenLastCalledWith({ filters: { validUntil: { op: 'range', to: '2024-06-30 23:59:59' } } });

    await user.click(screen.getByRole('button', { name: '重置' }));
    expect(onSearch).toHaveBeenLastCalledWith({ filters: {} });
    expect(to.value).toBe('');
    expect((day as HTMLInputElement).value).toBe('');
  });
});
