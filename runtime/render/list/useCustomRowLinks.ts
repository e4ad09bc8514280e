import { useMemo } from 'react';
import type { ServedModel } from '../../model/types';
import { modelText } from '../modelText';
import type { CustomActions } from './customActions';
import { rowActionVisible } from './rowActionVisible';
import type { RowLink } from './rowLinks';
import type { CustomActionRunner } from './useCustomActions';

/**
 * A model's own row actions (list.actions with placement row) as row links, shared by the list and tree-table
 * pages: each runs its operation or hook on the row, asks its `confirm` first, and shows where its visibleWhen
 * (version 14) holds.
 */
export function useCustomRowLinks(served: ServedModel, custom: CustomActions, runner: CustomActionRunner): RowLink[] {
  return useMemo(
    () =>
      custom.row.map((action) => ({
        key: action.key,
        label: modelText(served, action.label),
        confirm: action.confirm ? modelText(served, action.confirm) : undefined,
        visible: action.visibleWhen === undefined ? undefined : (record) => rowActionVisible(served, action, record),
        run: (record) => runner.run(action, record),
      })),
    [custom, runner, served],
  );
}
