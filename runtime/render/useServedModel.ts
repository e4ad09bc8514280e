import { useEffect, useState } from 'react';
import type { ServedModel } from '../model/types';
import { useRuntime } from './RuntimeProvider';
import { useRenderText } from './useRenderText';

export type ServedModelState = { status: 'loading' } | { status: 'error'; error: unknown; retry(): void } | { status: 'ready'; served: ServedModel };

/** Loads a model through the runtime's loader, again when the language changes. */
export function useServedModel(modelId: string): ServedModelState {
  const runtime = useRuntime();
  useRenderText(); // re-render on a language change, so lang() below is current
  const lang = runtime.lang();
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<ServedModelState>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    runtime.models.load(modelId, controller.signal).then(
      (served) => !controller.signal.aborted && setState({ status: 'ready', served }),
      (error: unknown) => !controller.signal.aborted && setState({ status: 'error', error, retry: () => setAttempt((n) => n + 1) }),
    );
    return () => controller.abort();
  }, [runtime, modelId, lang, attempt]);

  return state;
}
