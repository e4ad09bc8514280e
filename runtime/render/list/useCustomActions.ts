import { useMemo } from 'react';
import type { DataProvider, DataRecord } from '../../data/DataProvider';
import type { ServedModel } from '../../model/types';
import type { ListActionObject } from '../../model/v2Parts';
import { useRuntime } from '../RuntimeProvider';
import type { Feedback } from '../useFeedback';
import { builtInOperation } from './customActions';

/** What the list page does for the built-in operations a model places among its actions. */
export interface BuiltInRunners {
  import(): void;
  export(): Promise<void>;
  /** the screen's add dialog with starting values, offered to action hooks */
  openAdd?(initialValues: Record<string, unknown>): void;
}

export interface CustomActionRunner {
  /** runs the action's hook, or calls its operation on the row (row actions) or the checked rows (toolbar) */
  run(action: ListActionObject, record?: DataRecord): Promise<void>;
}

/** Runs the model's object list actions: toasts the answer (or the error) and reloads the list after success. */
export function useCustomActions(
  served: ServedModel,
  dataProvider: DataProvider,
  selection: string[],
  reload: () => void,
  feedback: Feedback,
  builtIn: BuiltInRunners,
): CustomActionRunner {
  const { hooks } = useRuntime();
  return useMemo(
    () => ({
      async run(action, record) {
        const own = builtInOperation(action);
        try {
          if (own === 'import') return builtIn.import();
          if (own === 'export') return await builtIn.export();
          const answer = action.hook
            ? await hooks.require('action', action.hook)({ served, dataProvider, record, selection, reload, openAdd: builtIn.openAdd })
            : await dataProvider.callOperation(action.operation as string, record ? { id: record.id } : { ids: selection });
          if (typeof answer === 'string' && answer) feedback.success(answer);
          reload();
        } catch (error) {
          feedback.error(error);
        }
      },
    }),
    [hooks, served, dataProvider, selection, reload, feedback, builtIn],
  );
}
