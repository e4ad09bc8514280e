import { describe, expect, it } from 'vitest';
import { createDataProvider } from '../../../../runtime/data/createDataProvider';
import type { ModelFile } from '../../../../runtime/model/types';
import { positionModel, sampleModel } from './support/dialectModels';
import { createTestClient } from './support/testClient';

const optIn = (model: ModelFile): ModelFile => ({ ...model, api: { ...model.api, operations: { ...model.api.operations, import: true, export: true } } });
const jeecg = optIn(sampleModel);
const api = optIn(positionModel);

const rejected = { totalCount: 3, errorCount: 1, successCount: 0, msg: '第 2 行有误', fileUrl: '/sys/common/importReport/abc', fileName: '错误.xlsx' };

describe('export and import through the data provider (docs/api.md "Excel import and export")', () => {
  it.each([
    ['jeecg', jeecg, '/admin/sample/exportXls', /pageNo=1/],
    ['api', api, '/api/permission/Position/Actions/Export', /currentPage=1/],
  ] as const)('%s: exports the list query plus the selections as a blob', async (_name, model, url, paging) => {
    const { http, server } = createTestClient({ responder: () => ({ body: new Blob(['PK-xlsx'], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }) }) });
    const blob = await createDataProvider(model, http).exportFile(
      { page: 1, pageSize: 10, keyword: '检测', superQuery: { matchType: 'or', conditions: [{ field: 'sampleName', rule: 'like', val: 'a' }] } },
      { selections: ['1', '2'] },
    );
    expect(blob).toBeInstanceOf(Blob);
    expect(blob.size).toBe(7);
    expect(server.last).toMatchObject({ method: 'GET', url, responseType: 'blob' });
    expect(server.last?.query).toMatch(paging);
    expect(server.last?.query).toContain('keyword=');
    expect(server.last?.query).toContain('superQueryMatchType=or');
    expect(server.last?.query).toContain('selections=1,2');
    expect(server.last?.timeout).toBe(100_000);
  });

  it('refuses export and import on a model that does not opt in, without a request', async () => {
    const { http, server } = createTestClient();
    const provider = createDataProvider({ ...positionModel, api: { ...positionModel.api, operations: {} } }, http);
    await expect(provider.exportFile({ page: 1, pageSize: 10 })).rejects.toMatchObject({ errorCode: 'CL_ERR_OPERATION_OFF' });
    await expect(provider.importFile(new Blob(['x']), 'a.xlsx')).rejects.toMatchObject({ errorCode: 'CL_ERR_OPERATION_OFF' });
    expect(server.requests).toHaveLength(0);
  });

  it.each([
    ['jeecg', jeecg, 'files[]', { success: true, code: 201, message: '第 2 行有误', result: rejected }],
    ['api', api, 'file', { code: 201, msg: '第 2 行有误', data: rejected }],
  ] as const)('%s: posts the workbook in its field; code 201 is a refusal naming the report', async (_name, model, field, body) => {
    const { http, server } = createTestClient({ responder: () => ({ body }) });
    const answer = await createDataProvider(model, http).importFile(new Blob(['PK']), 'p.xlsx');
    expect(answer).toEqual({ imported: false, message: '第 2 行有误', totalCount: 3, errorCount: 1, fileUrl: '/sys/common/importReport/abc', fileName: '错误.xlsx' });
    const form = server.last?.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect((form.get(field) as File).name).toBe('p.xlsx');
  });

  it.each([
    ['jeecg', jeecg, { success: true, code: 200, message: '导入成功', result: { totalCount: 2, successCount: 2, errorCount: 0 } }],
    ['api', api, { code: 200, msg: '导入成功', data: { totalCount: 2, successCount: 2, errorCount: 0 } }],
  ] as const)('%s: code 200 imported every row', async (_name, model, body) => {
    const { http } = createTestClient({ responder: () => ({ body }) });
    expect(await createDataProvider(model, http).importFile(new Blob(['PK']), 'p.xlsx')).toEqual({ imported: true, message: '导入成功', count: 2 });
  });

  it('an import answer of another shape is a contract error', async () => {
    const { http } = createTestClient({ responder: () => ({ body: { code: 201, msg: 'x', data: { totalCount: 1 } } }) });
    await expect(createDataProvider(api, http).importFile(new Blob(['PK']), 'p.xlsx')).rejects.toMatchObject({ kind: 'contract', errorCode: 'CL_ERR_CONTRACT_PAYLOAD' });
  });
});
