import { describe, expect, it } from 'vitest';
import { allowedActions } from '../../../../../runtime/render/list/allowedActions';
import { servedPosition } from '../support/servedModels';

const access = (...actions: string[]) => ({ has: (code: string) => actions.map((a) => `system:position:${a}`).includes(code), subActions: () => [] });

describe('allowedActions', () => {
  it('needs the action in list.actions and the <prefix><permission> code', () => {
    const allowed = allowedActions(servedPosition(), access('add', 'delete', 'list'));
    expect(allowed).toMatchObject({ add: true, edit: false, detail: true, delete: true, deleteBatch: true, state: false, superQuery: true });
    expect(allowedActions(servedPosition(), access('add')).superQuery).toBe(false);
  });

  it('hides writes on a read-only tab but keeps 详情', () => {
    const allowed = allowedActions(servedPosition(), access('add', 'edit', 'delete', 'state', 'list'), true);
    expect(allowed).toMatchObject({ add: false, edit: false, delete: false, deleteBatch: false, state: false, detail: true });
  });

  it("shows 详情 of rows on the caller's own record without the list code (personal information), and nothing else", () => {
    expect(allowedActions(servedPosition(), access(), true, true)).toMatchObject({ detail: true, add: false, edit: false, delete: false, superQuery: false });
    expect(allowedActions(servedPosition(), access(), true).detail).toBe(false);
  });

  it('hides an action whose operation the model switched off', () => {
    const served = servedPosition();
    served.model.api.operations = { deleteBatch: false };
    expect(allowedActions(served, access('delete')).deleteBatch).toBe(false);
    expect(allowedActions(served, access('delete')).delete).toBe(true);
  });

  it('passes the page context of add, edit and delete, so a page list with the default codes can hide them', () => {
    const asked: unknown[] = [];
    const judging = {
      has: (code: string, page?: { modelId: string; button: string }) => {
        asked.push(page);
        return code.startsWith('system:position:') && (page === undefined || page.button === 'add');
      },
      subActions: () => [],
    };
    const allowed = allowedActions(servedPosition(), judging);
    expect(allowed).toMatchObject({ add: true, edit: false, delete: false, detail: true });
    expect(asked).toContainEqual({ modelId: 'system.position', button: 'delete' });
  });
});
