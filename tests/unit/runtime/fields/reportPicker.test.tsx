import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import staffByTitle from '../../../../schemas/labReports/models/staffByTitle.model.json';
import { createDataProvider } from '../../../../runtime/data/createDataProvider';
import type { ModelFile } from '../../../../runtime/model/types';
import type { CapturedRequest } from '../data/support/fakeServer';
import { createTestClient } from '../data/support/testClient';
import { serve } from '../render/support/servedModels';
import { testModels, testRuntime } from '../render/support/testRuntime';
import { renderInForm } from './support/renderFields';

// The report popup picker over a real HTTP client and a fake server answering getData: the rows are the
// report's (its model gives columns and search fields), 10 a page in a 1200 px dialog.
const rows = Array.from({ length: 23 }, (_, i) => ({
  orgCode: `D${String(i + 1).padStart(2, '0')}`,
  departName: `部门${i + 1}`,
  highestTitle: '工程师',
  staffCount: i + 1,
}));

function renderReportPicker(props: Record<string, unknown> = {}) {
  const { http, server } = createTestClient({
    responder: (request: CapturedRequest) => {
      const query = Object.fromEntries(new URLSearchParams(request.query));
      const matching = rows.filter((row) => !query.departName || row.departName.includes(query.departName));
      const start = (Number(query.pageNo) - 1) * Number(query.pageSize);
      return {
        body: { success: true, code: 200, message: '', result: { total: matching.length, records: matching.slice(start, start + Number(query.pageSize)) } },
      };
    },
  });
  const runtime = testRuntime({ http, models: testModels(serve(staffByTitle as unknown as ModelFile)), createDataProvider });
  const form = renderInForm(runtime, {
    departName: {
      type: 'string',
      'x-component': 'ReportPicker',
      'x-component-props': { code: 'labReports.staffByTitle', sourceFields: 'departName,orgCode', targetFields: 'departName,orgCode', ...props },
    },
    orgCode: { type: 'string', 'x-component': 'Input' },
  });
  return { form, server, data: () => server.requests.filter((r) => r.url.includes('/getData/')) };
}

const dialog = () => screen.getByRole('dialog');
const confirm = () => fireEvent.click(within(dialog()).getByRole('button', { name: /确\s*认|OK/ }));

describe('ReportPicker', () => {
  it('opens the report at 1200 px, 10 rows a page, and warns 请选择一条记录 on none or several in single mode', async () => {
    const { data } = renderReportPicker({ params: { year: 2026 } });
    fireEvent.click(await screen.findByPlaceholderText('请选择'));
    await screen.findByText('部门10');
    expect((document.querySelector('.ant-modal') as HTMLElement).style.width).toBe('1200px');
    expect(screen.queryByText('部门11')).not.toBeInTheDocument();
    expect(Object.fromEntries(new URLSearchParams(data()[0]!.query))).toMatchObject({ pageNo: '1', pageSize: '10', self_year: '2026' });

    confirm();
    expect(await screen.findByText('请选择一条记录')).toBeInTheDocument();
    const boxes = within(dialog()).getAllByRole('checkbox');
    fireEvent.click(boxes[1]!);
    fireEvent.click(boxes[2]!);
    confirm();
    await waitFor(() => expect(screen.getAllByText('请选择一条记录').length).toBeGreaterThanOrEqual(1));
    expect(dialog()).toBeInTheDocument();
  });

  it('searches with the report’s own search fields, pages, and fills the target fields', async () => {
    const { form, data } = renderReportPicker();
    fireEvent.click(await screen.findByPlaceholderText('请选择'));
    await screen.findByText('部门10');
    fireEvent.click(within(document.querySelector('.ant-pagination') as HTMLElement).getByTitle('3'));
    await screen.findByText('部门23');
    const search = within(dialog()).getAllByRole('textbox');
    // the search bar's fields: 部门编码 (eq), 部门名称 (like), 最高职称 (like)
    fireEvent.change(search[1]!, { target: { value: '部门2' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(Object.fromEntries(new URLSearchParams(data().at(-1)!.query))).toMatchObject({ departName: '部门2', pageNo: '1' }));
    const row = (await screen.findByText('部门21')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('checkbox'));
    confirm();
    await waitFor(() => expect(form.values).toMatchObject({ departName: '部门21', orgCode: 'D21' }));
  });

  it('shares a group’s pages for 30 s: reopening asks nothing', async () => {
    const { data } = renderReportPicker({ groupId: `g${Math.random()}` });
    fireEvent.click(await screen.findByPlaceholderText('请选择'));
    await screen.findByText('部门10');
    fireEvent.click(within(dialog()).getByRole('button', { name: /关\s*闭|Cancel/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    fireEvent.click(await screen.findByPlaceholderText('请选择'));
    await screen.findByText('部门10');
    expect(data()).toHaveLength(1);
  });
});
