import type { Dispatcher } from '../plugins/accessPlugin.js';
import type { ModelStore } from '../engine/store/modelStore.js';
import { createRouteTable, type RouteTable } from '../engine/store/routeTable.js';
import { isDesignedModelId } from './designRules.js';
import { onlineDevRoutes } from './onlineDevRoutes.js';

/**
 * The OnlineDev endpoints of every released designed model, as of the store's current snapshot: the
 * table is rebuilt when a release swaps a model in, so a new design answers at once.
 */
export function createOnlineDevDispatcher(store: ModelStore): Dispatcher {
  let built: { serial: number; table: RouteTable } | null = null;
  const table = (): RouteTable => {
    const snapshot = store.current();
    if (built?.serial !== snapshot.serial) {
      const entries = [...snapshot.entries.values()].filter((e) => isDesignedModelId(e.model.id));
      built = { serial: snapshot.serial, table: createRouteTable(entries.flatMap((e) => onlineDevRoutes(store.env, e))) };
    }
    return built.table;
  };
  return {
    match: (method, url) => table().find(method, url),
    routes: () => table().list(),
  };
}
