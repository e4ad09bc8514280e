import { useEffect, useState } from 'react';
import type { DataProvider } from '../../data/DataProvider';
import type { ServedModel } from '../../model/types';
import { useRuntime } from '../../render/RuntimeProvider';

export type ModelSource = { status: 'loading' } | { status: 'error'; error: unknown } | { status: 'ready'; served: ServedModel; provider: DataProvider };

/**
 * The served model a picker reads from and its data provider: pickers read any model through the
 * generic engine endpoints, so the server applies that model's permission, tenant and data scope.
 */
export function useModelSource(modelId: string): ModelSource {
  const runtime = useRuntime();
  const [source, setSource] = useState<ModelSource>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    setSource({ status: 'loading' });
    runtime.models.load(modelId, controller.signal).then(
      (served) => setSource({ status: 'ready', served, provider: runtime.dataProviderFor(served.model) }),
      (error: unknown) => !controller.signal.aborted && setSource({ status: 'error', error }),
    );
    return () => controller.abort();
  }, [runtime, modelId]);
  return source;
}
