import { isField, type Field } from '@formily/core';
import { connect, mapProps, mapReadPretty, useField } from '@formily/react';
import { Alert } from 'antd';
import { useMemo } from 'react';
import type { ColumnDef } from './editableTable/tableColumns';
import { useEditableTable, type EditableTableOptions } from './editableTable/useEditableTable';
import { EditableTableView } from './editableTable/EditableTableView';
import { createActiveCell } from './editableTable/activeCell';
import { MAX_HEIGHT } from './editableTable/useRowWindow';
import { useFieldText } from './useFieldText';

export interface EditableTableProps extends EditableTableOptions {
  value?: unknown;
  onChange?: (rows: Record<string, unknown>[]) => void;
  columns: ColumnDef[];
  /** 'always' (default): every cell is an editor; 'click': a cell edits on click, until a mouse-up elsewhere */
  editMode?: 'always' | 'click';
  rowNumber?: boolean;
  rowSelection?: boolean;
  dragSort?: boolean;
  /** the add / remove buttons above the table (default shown) */
  toolbar?: boolean;
  maxHeight?: number;
  disabled?: boolean;
  readOnly?: boolean;
}

const noop = () => undefined;

function EditableTableInput({
  editMode = 'always',
  rowNumber = false,
  rowSelection = false,
  dragSort = false,
  toolbar = true,
  maxHeight = MAX_HEIGHT,
  ...props
}: EditableTableProps) {
  const field = useField<Field>();
  const t = useFieldText();
  const table = useEditableTable(props, { dragSort, field: isField(field) ? field : undefined });
  const flush = 'flush' in table ? table.flush : noop;
  const locked = Boolean(props.readOnly || props.disabled);
  const active = useMemo(() => createActiveCell(), []);
  const settings = useMemo(
    () => ({ editMode, readOnly: Boolean(props.readOnly), disabled: Boolean(props.disabled), active, onCellBlur: flush }),
    [editMode, props.readOnly, props.disabled, active, flush],
  );
  const controls = useMemo(
    () => ({ dragSort: dragSort && !locked, rowSelection: rowSelection && !locked, rowNumber }),
    [dragSort, rowSelection, rowNumber, locked],
  );
  if ('problem' in table) return <Alert type="error" showIcon message={t('editableTable.configError', { problem: table.problem })} />;
  return <EditableTableView store={table.store} columns={table.shown} controls={controls} settings={settings} toolbar={toolbar} maxHeight={maxHeight} />;
}

function EditableTableReadPretty(props: EditableTableProps) {
  return <EditableTableInput {...props} readOnly toolbar={false} />;
}

/**
 * The editable table (spec 000 §4/§5/§9) as a form field: its value is the rows. Add, insert below
 * (1.5 s throttle), remove (persisted ids kept as a delete list), drag and move with the order column
 * renumbered, selection with disabled rows, edit always or on click, the column rules with the first
 * failure in a tooltip, number keystroke rules, a statistics row and upload cells. Rows are
 * virtualised and every cell reads the store itself: a keystroke re-renders one cell.
 */
export const EditableTable = connect(
  EditableTableInput,
  mapProps((props: EditableTableProps, field) => ({ ...props, readOnly: Boolean(props.readOnly) || (isField(field) && field.pattern === 'readOnly') })),
  mapReadPretty(EditableTableReadPretty),
);
