import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listRoutes } from '../../server/plugins/accessPlugin.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';

/**
 * Spec 001 §7's calls of the access-control screens (users, roles, organisations, departments,
 * positions) and the Jeecg-side department and user calls their pickers make, as `METHOD path` with
 * `{…}` for a path parameter. Each must be served by some registered route.
 */
const SPEC_ENDPOINTS = [
  // Users
  'GET /api/permission/Users',
  'GET /api/permission/Users/All',
  'GET /api/permission/Users/Selector',
  'POST /api/permission/Users',
  'PUT /api/permission/Users/{id}',
  'GET /api/permission/Users/{id}',
  'DELETE /api/permission/Users/{id}',
  'POST /api/permission/Users/{id}/Actions/ResetPassword',
  'PUT /api/permission/Users/{id}/Actions/State',
  'PUT /api/permission/Users/{id}/Actions/unlock',
  'GET /api/permission/Users/ImUser',
  'POST /api/permission/Users/ImUser/Selector/{nodeId}',
  'POST /api/permission/Users/getUserList',
  'POST /api/permission/Users/getSubordinates',
  'GET /api/permission/Users/getOrganization',
  'GET /api/permission/Users/GetUsersByPositionId',
  'GET /api/permission/Users/getUsersByRoleId',
  'GET /api/permission/Users/GetUsersByRoleOrgId',
  'GET /api/permission/Users/ExportExcel',
  'GET /api/permission/Users/TemplateDownload',
  'POST /api/permission/Users/ImportData',
  'GET /api/permission/Users/ImportPreview',
  'POST /api/permission/Users/ExportExceptionData',
  // Roles
  'GET /api/permission/Role',
  'GET /api/permission/Role/Selector',
  'GET /api/permission/Role/SelectorByPermission',
  'POST /api/permission/Role',
  'PUT /api/permission/Role/{id}',
  'GET /api/permission/Role/{id}',
  'DELETE /api/permission/Role/{id}',
  'PUT /api/permission/Role/{id}/Actions/State',
  'POST /api/permission/Role/getListByOrgIds',
  // Organisations
  'GET /api/permission/Organize',
  'GET /api/permission/Organize/Selector/{id}',
  'GET /api/permission/Organize/Tree',
  'POST /api/permission/Organize',
  'PUT /api/permission/Organize/{id}',
  'GET /api/permission/Organize/{id}',
  'DELETE /api/permission/Organize/{id}',
  'PUT /api/permission/Organize/{id}/Actions/State',
  'GET /api/permission/organizeAdminIsTrator/{id}',
  'PUT /api/permission/organizeAdminIsTrator/{organizeId}',
  // Departments
  'GET /api/permission/Organize/{id}/Department',
  'GET /api/permission/Organize/Department/Selector/{id}',
  'POST /api/permission/Organize/Department',
  'PUT /api/permission/Organize/Department/{id}',
  'GET /api/permission/Organize/Department/{id}',
  'DELETE /api/permission/Organize/Department/{id}',
  'PUT /api/permission/Organize/Department/{id}/Actions/State',
  // Positions
  'GET /api/permission/Position',
  'GET /api/permission/Position/Selector',
  'POST /api/permission/Position',
  'PUT /api/permission/Position/{id}',
  'GET /api/permission/Position/{id}',
  'DELETE /api/permission/Position/{id}',
  'PUT /api/permission/Position/{id}/Actions/State',
  'GET /api/permission/Position/All',
  'POST /api/permission/Position/getListByOrgIds',
  // the pickers' Jeecg-side calls
  'GET /sys/sysDepart/queryTreeList',
  'GET /sys/position/select',
  'GET /sys/user/list',
  'GET /sys/user/queryById',
];

/** Spec 001 §7's data-interface and print-device calls (issue 10). */
const SYSTEM_DEV_ENDPOINTS = [
  'GET /api/system/DataInterface',
  'GET /api/system/DataInterface/Selector',
  'POST /api/system/DataInterface',
  'PUT /api/system/DataInterface/{id}',
  'GET /api/system/DataInterface/{id}',
  'DELETE /api/system/DataInterface/{id}',
  'PUT /api/system/DataInterface/{id}/Actions/State',
  'GET /api/system/DataInterface/{id}/Actions/Response',
  'GET /api/system/DataInterface/GetParam/{id}',
  'GET /api/system/DataInterface/{id}/Action/Export',
  'GET /api/system/DataInterfaceLog/{id}',
  'GET /api/system/DataInterface/{id}/Action/List',
  'GET /api/system/DataInterface/{id}/Action/Info',
  'GET /api/system/DataInterface/getList',
  'POST /api/system/DataInterface/{id}/Actions/Preview',
  'GET /api/system/printDev',
  'GET /api/system/printDev/{id}',
  'PUT /api/system/printDev/{id}',
  'DELETE /api/system/printDev/{id}',
  'POST /api/system/printDev',
  'POST /api/system/printDev/{id}/Actions/Copy',
  'GET /api/system/printDev/{id}/Actions/Export',
  'GET /api/system/printDev/Selector',
  'PUT /api/system/printDev/{id}/Actions/State',
  'POST /api/system/printDev/Fields',
  'GET /api/system/printDev/Data',
];

/** Spec 001 §7's other system-data calls of issue 10: areas, dictionaries, bill rules and the Jeecg-side families. */
const SYSTEM_DATA_ENDPOINTS = [
  // Areas
  'GET /api/system/Area/{parentId}',
  'GET /api/system/Area/{id}/Selector/{parent}',
  'POST /api/system/Area/GetAreaByIds',
  'POST /api/system/Area',
  'PUT /api/system/Area/{id}',
  'GET /api/system/Area/{id}/Info',
  'DELETE /api/system/Area/{id}',
  'PUT /api/system/Area/{id}/Actions/State',
  // Dictionary types and data
  'GET /api/system/DictionaryType',
  'GET /api/system/DictionaryType/Selector/{id}',
  'POST /api/system/DictionaryType',
  'PUT /api/system/DictionaryType/{id}',
  'GET /api/system/DictionaryType/{id}',
  'DELETE /api/system/DictionaryType/{id}',
  'GET /api/system/DictionaryData/{id}',
  'GET /api/system/DictionaryData/All',
  'GET /api/system/DictionaryData/{id}/Selector/{parent}',
  'GET /api/system/DictionaryData/{id}/Data/Selector',
  'POST /api/system/DictionaryData',
  'PUT /api/system/DictionaryData/{id}',
  'GET /api/system/DictionaryData/{id}/Info',
  'DELETE /api/system/DictionaryData/{id}',
  'PUT /api/system/DictionaryData/{id}/Actions/State',
  'GET /api/system/DictionaryData/{id}/Action/Export',
  // Bill rules
  'GET /api/system/BillRule',
  'POST /api/system/BillRule',
  'PUT /api/system/BillRule/{id}',
  'GET /api/system/BillRule/{id}',
  'DELETE /api/system/BillRule/{id}',
  'GET /api/system/BillRule/Selector',
  'PUT /api/system/BillRule/{id}/Actions/State',
  'GET /api/system/BillRule/BillNumber/{id}',
  'GET /api/system/BillRule/{id}/Action/Export',
  // Jeecg dictionary, category, check-rule and duplicate calls
  'GET /sys/dict/refleshCache',
  'GET /sys/dict/queryAllDictItems',
  'GET /sys/dict/loadSelect',
  'GET /sys/dict/loadDict/{dict}',
  'GET /sys/dict/loadDictItem/{dict}',
  'GET /sys/dict/loadTreeData',
  'GET /sys/category/loadTreeRoot',
  'GET /sys/category/loadTreeChildren',
  'GET /sys/category/loadTreeData',
  'GET /sys/category/loadOne',
  'GET /sys/category/loadDictItem',
  'GET /sys/category/list',
  'POST /sys/category/add',
  'PUT /sys/category/edit',
  'DELETE /sys/category/delete',
  'GET /sys/checkRule/checkByCode',
  'GET /sys/duplicate/check',
  // logs, change log, jobs, recycle bin, address book
  'GET /sys/loginfo',
  'GET /sys/visitInfo',
  'GET /sys/log/list',
  'GET /sys/dataLog/list',
  'GET /sys/quartzJob/list',
  'POST /sys/quartzJob/add',
  'PUT /sys/quartzJob/edit',
  'DELETE /sys/quartzJob/delete',
  'PUT /sys/quartzJob/resume',
  'PUT /sys/quartzJob/pause',
  'PUT /sys/quartzJob/execute',
  'GET /sys/quartzJobLog/list',
  'GET /sys/recycleBin/list',
  'PUT /sys/recycleBin/restore',
  'DELETE /sys/recycleBin/purge',
  'GET /online/cgreport/api/getData/{code}',
];

/** `:id`, `{id}` and `{nodeId}` alike: only where a parameter sits matters. */
const shape = (endpoint: string) => endpoint.replace(/\{\w+\}|:\w+/g, '{}');

describe('route audit (SQLite)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('every registered route declares who may call it; every route of these screens needs a permission code or a signed-in user', () => {
    const routes = listRoutes(t.app);
    const undeclared = routes.filter((r) => !(r.access === 'public' || r.access === 'authenticated' || typeof r.access?.permission === 'string'));
    expect(undeclared.map((r) => `${r.method} ${r.url}`)).toEqual([]);
    const screens = /^\/api\/permission\/(Users|Role|Organize|organizeAdminIsTrator|Position)(\/|$)/;
    const permissionFamily = routes.filter((r) => screens.test(r.url));
    expect(permissionFamily.length).toBeGreaterThan(50);
    for (const route of permissionFamily) expect(typeof route.access === 'object' && route.access.permission, `${route.method} ${route.url}`).toBeTruthy();
  });

  it('serves every call spec 001 §7 lists for users, roles, organisations, departments and positions', () => {
    const served = new Set(listRoutes(t.app).map((r) => shape(`${r.method} ${r.url}`)));
    expect(SPEC_ENDPOINTS.filter((e) => !served.has(shape(e)))).toEqual([]);
  });

  it('serves every data-interface and print-device call of spec 001 §7', () => {
    const served = new Set(listRoutes(t.app).map((r) => shape(`${r.method} ${r.url}`)));
    expect(SYSTEM_DEV_ENDPOINTS.filter((e) => !served.has(shape(e)))).toEqual([]);
  });

  it('serves every area, dictionary, bill-rule, category, log, job, recycle-bin and address-book call of issue 10', () => {
    const served = new Set(listRoutes(t.app).map((r) => shape(`${r.method} ${r.url}`)));
    expect(SYSTEM_DATA_ENDPOINTS.filter((e) => !served.has(shape(e)))).toEqual([]);
  });
});
