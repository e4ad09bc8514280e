import { useMemo, useRef } from 'react';
import type { RouteSpec } from '../menu/buildRoutes';
import { modelIdAt } from './modelIdAt';

/**
 * Tells the runtime which model the path opens while the layout renders, not after: the layout's first
 * render takes a while, and the page's model and first rows load meanwhile. Only when the path opens
 * another model than the last one (a model page stays mounted across paths of the same model), so that
 * re-renders (a collapsed menu, a reloaded menu) start nothing.
 */
export function usePrefetchModelPage(routes: readonly RouteSpec[], pathname: string, prefetch: ((modelId: string) => void) | undefined): void {
  const modelId = useMemo(() => modelIdAt(routes, pathname), [routes, pathname]);
  const started = useRef<string | null>(null);
  if (modelId !== started.current) {
    started.current = modelId;
    if (modelId !== null) prefetch?.(modelId);
  }
}
