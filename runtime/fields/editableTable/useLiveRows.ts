import { useEffect } from 'react';
import { useRuntime } from '../../render/RuntimeProvider';
import type { TableStore } from './createTableStore';
import { createTableSocket, tableSocketUrl } from './createTableSocket';

let tables = 0;

/**
 * Keeps the table in step with the same page's other tables over /vxeSocket/{userId}/{pageId}: a row
 * another table changed is merged into the row with its id, and this table's own edits of persisted
 * rows are sent once they are committed. Nothing happens without a page id or a signed-in session.
 */
export function useLiveRows(store: TableStore | null, pageId: string | undefined, commits: { subscribe(listener: () => void): () => void }): void {
  const runtime = useRuntime();
  useEffect(() => {
    const session = runtime.liveSession();
    if (!store || !pageId || !session) return;
    const caseId = `table-${++tables}-${Math.random().toString(36).slice(2, 10)}`;
    let merging = false;
    const socket = createTableSocket({
      url: tableSocketUrl(window.location, session.userId, pageId),
      token: session.token,
      caseId,
      onUpdate(row) {
        merging = true;
        try {
          store.mergeRow(row);
        } finally {
          merging = false;
        }
      },
    });
    const dirty = new Set<string>();
    const stopTracking = store.subscribeChange((kind, key) => {
      if (kind === 'cell' && key !== undefined && !merging && store.idOf(key) !== undefined) dirty.add(key);
    });
    const stopSending = commits.subscribe(() => {
      for (const key of dirty) {
        const row = store.row(key);
        const id = store.idOf(key);
        if (row && id !== undefined) socket.send({ ...row, id });
      }
      dirty.clear();
    });
    return () => {
      stopTracking();
      stopSending();
      socket.close();
    };
  }, [runtime, store, pageId, commits]);
}
