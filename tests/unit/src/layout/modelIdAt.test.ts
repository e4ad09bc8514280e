import { describe, expect, it } from 'vitest';
import type { RouteSpec } from '../../../../src/menu/buildRoutes';
import { modelIdAt } from '../../../../src/layout/modelIdAt';

const routes: RouteSpec[] = [
  { kind: 'model', path: '/system/position', modelId: 'system.position', title: '岗位管理' },
  { kind: 'model', path: '/system/position/detail', modelId: 'system.positionDetail', title: '岗位详情' },
  { kind: 'unavailable', path: '/system/legacy', component: 'system/LegacyList', title: '旧版页面' },
  { kind: 'redirect', path: '/system', to: '/system/position' },
  { kind: 'redirect', path: '*', to: '/404' },
];

describe('modelIdAt: the model a path opens, as the menu routes match it', () => {
  it('finds the model route of the path, nested paths included', () => {
    expect(modelIdAt(routes, '/system/position')).toBe('system.position');
    expect(modelIdAt(routes, '/system/position/')).toBe('system.position');
    expect(modelIdAt(routes, '/system/position/detail')).toBe('system.positionDetail');
  });

  it('answers null for redirects, unavailable pages and unknown paths', () => {
    expect(modelIdAt(routes, '/system')).toBeNull();
    expect(modelIdAt(routes, '/system/legacy')).toBeNull();
    expect(modelIdAt(routes, '/no/such/page')).toBeNull();
    expect(modelIdAt([], '/system/position')).toBeNull();
  });
});
