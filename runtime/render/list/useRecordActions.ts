import { useMemo } from 'react';
import type { DataProvider, DataRecord } from '../../data/DataProvider';
import type { Feedback } from '../useFeedback';
import type { Translate } from '../../RuntimeInstance';

export interface RecordActions {
  remove(record: DataRecord): Promise<void>;
  /** warns 请选择一条记录！ without a selection, else confirms 确定要删除这 N 项吗? */
  removeSelected(ids: string[]): void;
  toggleState(record: DataRecord): Promise<void>;
}

/** The list's writes: each toasts the server's message (or its error) and reloads the list on success. */
export function useRecordActions(dataProvider: DataProvider, reload: () => void, feedback: Feedback, t: Translate): RecordActions {
  return useMemo(() => {
    const run = async (write: () => Promise<string>) => {
      try {
        feedback.success(await write());
        reload();
      } catch (error) {
        feedback.error(error);
      }
    };
    return {
      remove: (record) => run(() => dataProvider.remove(record.id)),
      removeSelected(ids) {
        if (ids.length === 0) return feedback.warning(t('warn.selectOne'));
        feedback.confirm(t('confirm.deleteBatch', { n: ids.length }), () => run(() => dataProvider.removeMany(ids)));
      },
      toggleState: (record) => run(() => dataProvider.toggleState(record.id)),
    };
  }, [dataProvider, reload, feedback, t]);
}
