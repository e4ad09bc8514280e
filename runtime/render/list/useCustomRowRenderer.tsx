import { useMemo } from 'react';
import type { Translate } from '../../RuntimeInstance';
import type { DataRecord } from '../../data/DataProvider';
import type { ServedModel } from '../../model/types';
import { CustomActionButtons } from './CustomActionButtons';
import type { CustomActions } from './customActions';
import type { CustomActionRunner } from './useCustomActions';

/** The row cell of a model's own row actions (list.actions with placement row), shared by the list and tree-table pages. */
export function useCustomRowRenderer(served: ServedModel, custom: CustomActions, runner: CustomActionRunner, t: Translate) {
  return useMemo(
    () =>
      custom.row.length > 0
        ? (record: DataRecord) => <CustomActionButtons served={served} actions={custom.row} runner={runner} record={record} t={t} />
        : undefined,
    [custom, runner, served, t],
  );
}
