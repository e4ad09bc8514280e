import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveOperations } from '../../runtime/model/resolveOperations.js';
import { OPERATION_PERMISSION, type ModelFile, type OperationName } from '../../runtime/model/types.js';
import { ASSESSOR_EXPORT_PERMISSION } from '../../server/api/staffAssessorExport.js';
import { PRINT_ACTION_HOOK, printPermissionOf } from '../../server/print/printData.js';
import { loadModules } from '../../server/engine/loadModules.js';
import { namedOperationsOf } from '../../server/engine/namedOperations.js';

// A hook action's permission (format v11) only hides its button: the server must check the same code on
// the calls behind it. For every shipped model, the code a hook action names is one its server routes
// check — a named operation's or a generic operation's it serves.

const ROOT = path.resolve(import.meta.dirname, '../..');
const modules = loadModules([path.join(ROOT, 'schemas')]);

const hookActions = [...modules.models.values()].flatMap((model) =>
  (model.list?.actions ?? []).flatMap((action) => (typeof action === 'object' && action.hook ? [{ model, action }] : [])),
);

/**
 * Hook actions whose calls go to hand-written routes, with the code those routes check (each refusal has its
 * own test: systemPrintDev, staffAssessorExport).
 */
const HAND_WRITTEN: Record<string, (model: ModelFile) => string | undefined> = {
  // GET /api/system/printDev/Data and /Pdf: printPermissionOf reads the code from the model's print action
  [PRINT_ACTION_HOOK]: printPermissionOf,
  // GET /admin/user/exportAssessor
  'staff.assessorExport': () => ASSESSOR_EXPORT_PERMISSION,
};

describe('hook actions of the shipped models', () => {
  it('name a permission that a server route of their model, or the hand-written route they call, checks', () => {
    const unchecked = hookActions
      .filter(({ action }) => action.permission !== undefined)
      .filter(({ model, action }) => {
        const served = Object.keys(resolveOperations(model)).map((operation) => OPERATION_PERMISSION[operation as OperationName]);
        const named = Object.values(namedOperationsOf(model)).map((operation) => operation.permission);
        const handWritten = HAND_WRITTEN[action.hook!]?.(model);
        return ![...served, ...named].includes(action.permission!) && handWritten !== `${model.permissions.prefix}${action.permission}`;
      })
      .map(({ model, action }) => `${model.id} ${action.key}: ${action.permission}`);
    expect(unchecked).toEqual([]);
  });

  it('the access-control screens name theirs', () => {
    const of = (id: string, key: string) => hookActions.find(({ model, action }) => model.id === id && action.key === key)?.action.permission;
    expect(of('system.dataRule', 'preview')).toBe('preview');
    // 在线用户 is a screen of its own (system.onlineUser): 用户管理 has no such toolbar hook any more
    expect(of('system.user', 'online')).toBeUndefined();
    expect(of('system.permission', 'addChild')).toBe('add');
    expect(of('system.role', 'authorize')).toBe('authorize');
  });

  it('员工档案 names the codes of 打印 and 导出人员技术档案', () => {
    const of = (key: string) => hookActions.find(({ model, action }) => model.id === 'staff.member' && action.key === key)?.action.permission;
    expect(of('print')).toBe('print');
    expect(of('assessorExport')).toBe('assessorExport');
  });
});
