import { useCallback, useState } from 'react';
import type { ModelFile } from '../../runtime/model/types';
import { record, redo, startHistory, undo, type History } from './createHistory';

/** The model being designed, with undo and redo. */
export function useDesignHistory(initial: ModelFile) {
  const [history, setHistory] = useState<History<ModelFile>>(() => startHistory(initial));
  const change = useCallback((edit: (model: ModelFile) => ModelFile) => setHistory((h) => record(h, edit(h.present))), []);
  return {
    model: history.present,
    change,
    undo: useCallback(() => setHistory(undo), []),
    redo: useCallback(() => setHistory(redo), []),
    canUndo: history.past.length > 0,
    canRedo: history.future.length > 0,
    /** a model loaded from the server (a version opened, the JSON view applied): one undoable step */
    replace: useCallback((model: ModelFile) => setHistory((h) => record(h, model)), []),
  };
}
