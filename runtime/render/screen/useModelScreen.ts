import { useEffect, useRef, useState } from 'react';
import type { Lang, ServedModel } from '../../model/types';
import type { PendingPage } from '../list/firstPage';
import { useRuntime } from '../RuntimeProvider';
import { useRenderText } from '../useRenderText';
import { startModelScreen } from './startModelScreen';

export type ModelScreenState =
  { status: 'loading' } | { status: 'error'; error: unknown; retry(): void } | { status: 'ready'; served: ServedModel; firstPage?: PendingPage; lang: Lang };

/**
 * ModelPage's model and first page: the ones the shell started (runtime.screens) when there are, else
 * its own; loaded again when the language changes. A retry always asks afresh. When the shell's start
 * has its model already, the first render is the list itself (no spinner pass).
 */
export function useModelScreen(modelId: string): ModelScreenState {
  const runtime = useRuntime();
  useRenderText(); // re-render on a language change, so lang() below is current
  const lang = runtime.lang();
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<ModelScreenState>(() => {
    const started = runtime.screens.peek(modelId);
    return started ? { status: 'ready', ...started, lang: runtime.lang() } : { status: 'loading' };
  });

  const latest = useRef(state);
  useEffect(() => {
    latest.current = state;
  });

  useEffect(() => {
    const started = attempt === 0 ? runtime.screens.take(modelId) : undefined;
    // this model's list in this language is on screen already: rendered from the started screen, or this
    // is StrictMode's second mount
    const shown = latest.current;
    if (shown.status === 'ready' && shown.served.model.id === modelId && shown.lang === lang) return;
    let live = true;
    const screen = started ?? startModelScreen(runtime, modelId);
    setState({ status: 'loading' });
    screen.ready.then(
      ({ served, firstPage }) => live && setState({ status: 'ready', served, firstPage, lang: screen.lang }),
      (error: unknown) => live && setState({ status: 'error', error, retry: () => setAttempt((n) => n + 1) }),
    );
    return () => {
      live = false;
      screen.abandon();
    };
  }, [runtime, modelId, lang, attempt]);

  return state;
}
