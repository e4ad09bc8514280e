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
});
