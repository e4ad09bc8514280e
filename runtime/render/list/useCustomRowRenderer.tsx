import { useMemo, type ReactNode } from 'react';
import type { Translate } from '../../RuntimeInstance';
import type { DataRecord } from '../../data/DataProvider';
import type { ServedModel } from '../../model/types';
import { modelText } from '../modelText';
import { CustomActionButtons } from './CustomActionButtons';
import type { CustomActions } from './customActions';
import type { CustomActionRunner } from './useCustomActions';

/** A model's own row actions in the actions cell: the buttons of a row, and every label one may show (the column's width). */
export interface CustomRowCell {
  render(record: DataRecord): ReactNode;
  labels: string[];
}

/** The row cell of a model's own row actions (list.actions with placement row), shared by the list and tree-table pages. */
export function useCustomRowRenderer(served: ServedModel, custom: CustomActions, runner: CustomActionRunner, t: Translate): CustomRowCell | undefined {
  return useMemo(
    () =>
      custom.row.length > 0
        ? {
            render: (record: DataRecord) => <CustomActionButtons served={served} actions={custom.row} runner={runner} record={record} t={t} />,
            labels: custom.row.map((action) => modelText(served, action.label)),
          }
        : undefined,
    [custom, runner, served, t],
  );
}
