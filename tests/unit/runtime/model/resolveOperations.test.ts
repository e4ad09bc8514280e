import { describe, expect, it } from 'vitest';
import { resolveOperations } from '../../../../runtime/model/resolveOperations';
import { positionModel, sampleModel } from '../data/support/dialectModels';

// The server registers and the client calls what this one function says (docs/api.md).
describe('resolveOperations', () => {
  it('applies the jeecg conventions to api.base', () => {
    expect(resolveOperations(sampleModel)).toEqual({
      list: 'GET /admin/sample/list',
      get: 'GET /admin/sample/queryById',
      create: 'POST /admin/sample/add',
      update: 'PUT /admin/sample/edit',
      delete: 'DELETE /admin/sample/delete',
      deleteBatch: 'DELETE /admin/sample/deleteBatch',
      state: 'PUT /admin/sample/editState',
    });
  });

  it('applies the REST conventions to api.base', () => {
    expect(resolveOperations(positionModel)).toEqual({
      list: 'GET /api/permission/Position',
      get: 'GET /api/permission/Position/{id}',
      create: 'POST /api/permission/Position',
      update: 'PUT /api/permission/Position/{id}',
      delete: 'DELETE /api/permission/Position/{id}',
      deleteBatch: 'POST /api/permission/Position/Actions/BatchDelete',
      state: 'PUT /api/permission/Position/{id}/Actions/State',
      // positions opt in to import and export
      export: 'GET /api/permission/Position/Actions/Export',
      import: 'POST /api/permission/Position/Actions/Import',
      importTemplate: 'GET /api/permission/Position/TemplateDownload',
    });
  });

  it('takes irregular URLs from the overrides and drops switched-off operations', () => {
    const model = {
      ...sampleModel,
      api: {
        ...sampleModel.api,
        operations: { list: 'GET /admin/certificatePersonal/select', delete: 'GET /admin/certificatePersonal/delete', deleteBatch: false as const },
      },
    };
    const ops = resolveOperations(model);
    expect(ops.list).toBe('GET /admin/certificatePersonal/select');
    expect(ops.delete).toBe('GET /admin/certificatePersonal/delete');
    expect(ops).not.toHaveProperty('deleteBatch');
  });

  it('serves state only when the model declares api.state', () => {
    const { state: _state, ...api } = sampleModel.api;
    expect(resolveOperations({ ...sampleModel, api })).not.toHaveProperty('state');
  });

  it('serves import, export and the import template only to a model that opts in', () => {
    const ops = (operations: Record<string, string | boolean>, model = sampleModel) => resolveOperations({ ...model, api: { ...model.api, operations } });
    expect(ops({ import: true, export: true })).toMatchObject({
      import: 'POST /admin/sample/importExcel',
      export: 'GET /admin/sample/exportXls',
      importTemplate: 'GET /admin/sample/downloadTemplate',
    });
    expect(ops({ import: true, export: true }, positionModel)).toMatchObject({
      import: 'POST /api/permission/Position/Actions/Import',
      export: 'GET /api/permission/Position/Actions/Export',
      importTemplate: 'GET /api/permission/Position/TemplateDownload',
    });
    const exportOnly = ops({ export: 'GET /admin/sample/exportAll' });
    expect(exportOnly.export).toBe('GET /admin/sample/exportAll');
    expect(exportOnly).not.toHaveProperty('import');
    expect(exportOnly).not.toHaveProperty('importTemplate');
    expect(ops({ import: true, importTemplate: false })).not.toHaveProperty('importTemplate');
    expect(ops({ import: false, export: false })).not.toHaveProperty('export');
  });
});
