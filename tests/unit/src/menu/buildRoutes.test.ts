import { describe, expect, it } from 'vitest';
import { buildRoutes } from '../../../../src/menu/buildRoutes';
import { findMenuTrail, selectedMenuNode } from '../../../../src/menu/findMenuTrail';
import { menuNodeKind, resolveMenuUrl } from '../../../../src/menu/menuNodeKind';
import { selectMenuSubtree } from '../../../../src/menu/selectMenuSubtree';
import { visibleMenuTree, type VisibleMenuItem } from '../../../../src/menu/visibleMenuTree';
import type { MenuNode } from '../../../../src/session/types';
import { SAMPLE_MENU } from '../helpers/fixtures';

const CENTRE = ['消息中心', 'Message Center'];
const messageCentre: MenuNode = {
  id: 'msg',
  path: '/message',
  component: 'RouteView',
  meta: { title: '消息中心' },
  children: [{ id: 'msg.mine', path: '/message/mine', component: 'ModelPage/message.mine', meta: { title: '我的消息' } }],
};

describe('selectMenuSubtree (guard step 4)', () => {
  it('keeps the chosen top-level menu and the message centre, flattening their children', () => {
    const nodes = selectMenuSubtree([...SAMPLE_MENU, messageCentre], 'system', CENTRE);
    expect(nodes.map((n) => n.id)).toEqual(['system.org', 'system.docs', 'system.legacy', 'system.empty', 'system.noroute', 'msg.mine']);
  });

  it('gives nothing for an unknown choice (except the message centre)', () => {
    expect(selectMenuSubtree(SAMPLE_MENU, 'nope', CENTRE)).toEqual([]);
  });
});

describe('buildRoutes', () => {
  const routes = buildRoutes(selectMenuSubtree(SAMPLE_MENU, 'system', CENTRE));
  const byPath = Object.fromEntries(routes.map((r) => [r.path, r]));

  it("renders 'ModelPage/<id>' nodes with the runtime's ModelPage, hidden ones included", () => {
    expect(byPath['/system/position']).toEqual({ kind: 'model', path: '/system/position', modelId: 'system.position', title: '岗位管理' });
    expect(byPath['/system/position/detail']).toMatchObject({ kind: 'model', modelId: 'system.positionDetail' });
    expect(byPath['/system/secret']).toMatchObject({ kind: 'model', modelId: 'system.secret' });
  });

  it("makes a 'RouteView' container redirect to its first child", () => {
    expect(byPath['/system/org']).toEqual({ kind: 'redirect', path: '/system/org', to: '/system/position' });
  });

  it('gives an unknown component a "page not available" route instead of a crash', () => {
    expect(byPath['/system/legacy']).toEqual({ kind: 'unavailable', path: '/system/legacy', component: 'system/LegacyList', title: '旧版页面' });
  });

  it("adds no route for external links or nodes flagged route '0'", () => {
    expect(byPath['/abc123def456']).toBeUndefined();
    expect(byPath['/system/noroute']).toBeUndefined();
  });

  it('has the fixed home page first, redirects the root to it and anything else to /404 (spec 000 §2 fixed routes)', () => {
    expect(routes[0]).toEqual({ kind: 'home', path: '/dashboard/analysis' });
    expect(byPath['/']).toEqual({ kind: 'redirect', path: '/', to: '/dashboard/analysis' });
    expect(byPath['*']).toEqual({ kind: 'redirect', path: '*', to: '/404' });
  });

  it('keeps the home page when the subtree has no routes, and when a menu item claims its path', () => {
    expect(buildRoutes([])).toContainEqual({ kind: 'redirect', path: '/', to: '/dashboard/analysis' });
    const claimed = buildRoutes([{ id: 'd', path: '/dashboard/analysis', component: 'ModelPage/x', meta: { title: 'x' } }]);
    expect(claimed.filter((r) => r.path === '/dashboard/analysis')).toEqual([{ kind: 'home', path: '/dashboard/analysis' }]);
  });
});

describe('side menu contents', () => {
  const keys = (items: VisibleMenuItem[]): unknown[] => items.map((i) => (i.children ? { [i.key]: keys(i.children) } : i.key));

  it('leaves out hidden items and containers without visible children; a page with only hidden children stays', () => {
    expect(keys(visibleMenuTree(selectMenuSubtree(SAMPLE_MENU, 'system', CENTRE)))).toEqual([
      { '/system/org': ['/system/position'] },
      '/abc123def456',
      '/system/legacy',
      '/system/noroute',
    ]);
  });

  it('selects the parent of a hidden child route', () => {
    const trail = findMenuTrail(SAMPLE_MENU, '/system/position/detail');
    expect(trail.map((n) => n.id)).toEqual(['system', 'system.org', 'system.position', 'system.position.detail']);
    expect(selectedMenuNode(trail)?.id).toBe('system.position');
  });

  it('recognises external links and replaces ${token} with the current token', () => {
    const docs = SAMPLE_MENU[0]!.children![1]!;
    expect(menuNodeKind(docs)).toEqual({ kind: 'external', url: 'https://docs.example.com/?token=${token}' });
    expect(resolveMenuUrl('https://docs.example.com/?token=${token}&again=${token}', 'a b')).toBe('https://docs.example.com/?token=a%20b&again=a%20b');
  });
});
