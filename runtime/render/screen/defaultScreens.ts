import { ListPage } from '../list/ListPage';
import { createScreenRegistry, type ScreenRegistry } from './createScreenRegistry';

/**
 * The built-in screen kinds: the list (in the first load: most screens are lists) and, fetched when a
 * model first needs them, the read-only query list, the tree, the tree table and the single-record form.
 *
 * @example
 * const screenKinds = createDefaultScreenRegistry();
 * screenKinds.register('calendar', CalendarPage);
 * createRuntime({ …, screenKinds });
 */
export function createDefaultScreenRegistry(): ScreenRegistry {
  const screens = createScreenRegistry();
  screens.register('list', ListPage, { firstPage: true });
  screens.registerLazy('query', () => import('../query/QueryPage').then((m) => m.QueryPage), { firstPage: true });
  screens.registerLazy('tree', () => import('../tree/TreePage').then((m) => m.TreePage));
  screens.registerLazy('treeTable', () => import('../tree/TreeTablePage').then((m) => m.TreeTablePage));
  screens.registerLazy('form', () => import('../single/SingleFormPage').then((m) => m.SingleFormPage));
  return screens;
}
