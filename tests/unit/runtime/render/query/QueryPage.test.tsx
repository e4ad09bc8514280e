import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createDataProvider } from '../../../../../runtime/data/createDataProvider';
import type { ModelFile, ServedModel } from '../../../../../runtime/model/types';
import { QueryPage } from '../../../../../runtime/render/query/QueryPage';
import type { CapturedRequest } from '../../data/support/fakeServer';
import { createTestClient } from '../../data/support/testClient';
import { staticDictSource } from '../../../../../runtime/fields/dict/createDictSource';
import { renderWithRuntime, testModels, testRuntime } from '../support/testRuntime';
import { systemModelHooks } from '../support/systemModelHooks';

const served = (file: string): ServedModel => ({
  model: JSON.parse(fs.readFileSync(path.resolve(process.cwd(), file), 'utf8')) as ModelFile,
  lang: 'zh-CN',
  texts: {},
  patterns: {},
});
const expiring = served('schemas/labReports/models/certificatesExpiring.model.json');
const byTitle = served('schemas/labReports/models/staffByTitle.model.json');
const users = served('schemas/system/models/user.model.json');
const sent = (request: CapturedRequest) => Object.fromEntries(new URLSearchParams(request.query));
// a report answers in the jeecg envelope; the linked system.user record in the api one
const ok = (url: string, result: unknown) => ({
  body: url.startsWith('/api/') ? { code: 200, msg: '', data: result } : { success: true, code: 200, message: '', result },
});

function renderReport(report: ServedModel, answer: (request: CapturedRequest) => unknown, dicts?: Record<string, { value: string; text: string }[]>) {
  const { http, server } = createTestClient({ responder: (request) => ok(request.url, answer(request)) });
  const runtime = testRuntime({
    http,
    models: testModels(report, users),
    createDataProvider,
    hooks: systemModelHooks(),
    ...(dicts ? { dicts: staticDictSource(dicts) } : {}),
  });
  const user = userEvent.setup();
  renderWithRuntime(<QueryPage served={report} />, runtime);
  return { server, user, data: () => server.requests.filter((r) => r.url.includes('/getData/')) };
}

describe('QueryPage: a report from its model', () => {
  it("reads getData with the parameters' defaults, then with the parameters the user submits", async () => {
    const { user, data } = renderReport(expiring, () => ({ total: 1, records: [{ userId: 'u1', realname: '张三', certificateValidity: '2026-12-01' }] }));
    expect(await screen.findByText('张三')).toBeInTheDocument();
    // until submitted, the server applies the default (30 days)
    expect(sent(data()[0]!)).not.toHaveProperty('self_days');
    expect(sent(data()[0]!)).toMatchObject({ pageNo: '1', pageSize: '10', column: 'certificateValidity', order: 'asc' });

    const params = screen.getByTestId('report-params');
    const days = within(params).getByRole('spinbutton');
    await user.clear(days);
    await user.type(days, '90');
    await user.click(within(params).getByRole('button', { name: '查询' }));
    await waitFor(() => expect(sent(data().at(-1)!)).toMatchObject({ self_days: '90', pageNo: '1' }));
    // no checkboxes: a report row is no record to pick
    expect(document.querySelector('.ant-table-selection-column')).toBeNull();
  });

  it('shows the totals row the server computed over every row', async () => {
    renderReport(byTitle, () => ({
      total: 2,
      records: [{ orgCode: 'A', departName: '检测一部', highestTitle: '工程师', staffCount: 2 }],
      totals: { staffCount: 1234 },
    }));
    const totals = await screen.findByTestId('list-totals');
    expect(within(totals).getByText('合计')).toBeInTheDocument();
    expect(within(totals).getByText('1,234')).toBeInTheDocument();
  });

  it('opens the linked record from its column', async () => {
    const { user, server } = renderReport(expiring, (request) =>
      request.url.includes('/getData/')
        ? { total: 1, records: [{ userId: 'u1', realname: '张三' }] }
        : { id: 'u1', username: 'zhangsan', realname: '张三', version: 1 },
    );
    await user.click(await screen.findByRole('button', { name: '张三' }));
    await waitFor(() => expect(server.requests.some((r) => r.url === '/api/permission/Users/u1')).toBe(true));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    expect(await within(screen.getByRole('dialog')).findByText('zhangsan')).toBeInTheDocument();
  });

  it('searches a dictionary output by its value on the server', async () => {
    const titles = Array.from({ length: 12 }, (_, i) => ({ value: String(i + 1), text: `职称${i + 1}` }));
    const report: ServedModel = {
      ...byTitle,
      model: {
        ...byTitle.model,
        entity: {
          ...byTitle.model.entity,
          fields: { ...byTitle.model.entity.fields, highestTitle: { type: 'string', label: '最高职称', maxLength: 20, dict: 'technical_title' } },
        },
        list: { ...byTitle.model.list!, search: [{ field: 'highestTitle', mode: 'eq' }] },
      },
    };
    const { user, data } = renderReport(report, () => ({ total: 0, records: [] }), { technical_title: titles });
    await waitFor(() => expect(data()).toHaveLength(1));
    const form = screen.getAllByRole('button', { name: '查询' }).at(-1)!.closest('form') as HTMLElement;
    await user.click(within(form).getByRole('combobox'));
    await user.click(await screen.findByTitle('职称3'));
    await user.click(within(form).getByRole('button', { name: '查询' }));
    await waitFor(() => expect(sent(data().at(-1)!)).toMatchObject({ highestTitle: '3', pageNo: '1' }));
  });
});
