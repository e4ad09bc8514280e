import { memo, useContext, useEffect, useRef, type ComponentType } from 'react';
import { activeCellId, useIsActive } from './activeCell';
import { CheckboxCell } from './cells/CheckboxCell';
import { cellText, type CellEditorProps } from './cells/CellProps';
import { DateCell } from './cells/DateCell';
import { InputCell } from './cells/InputCell';
import { NumberCell } from './cells/NumberCell';
import { SelectCell, useColumnOptions } from './cells/SelectCell';
import { UploadCell } from './cells/UploadCell';
import { TableSettingsContext } from './tableSettings';
import type { CellType, TableColumn } from './tableColumns';
import { useRenderProbe } from './renderProbe';
import { useCell, useTableStore } from './useTableStore';

const EDITORS: Partial<Record<CellType, ComponentType<CellEditorProps>>> = {
  input: InputCell,
  inputNumber: NumberCell,
  select: SelectCell,
  checkbox: CheckboxCell,
  date: DateCell,
  datetime: DateCell,
  upload: UploadCell,
};

// these edit in place even in click-to-edit mode: a click is already their whole edit
const ALWAYS_LIVE: ReadonlySet<CellType> = new Set(['checkbox', 'upload']);
// these draw the error border themselves (antd's status="error")
const OWN_ERROR_BORDER: ReadonlySet<CellType> = new Set(['input', 'inputNumber', 'select', 'date', 'datetime']);

function SelectText({ value, column }: { value: unknown; column: TableColumn }) {
  const options = useColumnOptions(column.options, column.dictCode);
  const found = options.find((option) => String(option.value) === String(value));
  return <>{found ? found.label : cellText(value)}</>;
}

function ReadText({ value, column }: { value: unknown; column: TableColumn }) {
  if (column.type === 'select') return <SelectText value={value} column={column} />;
  if (column.type === 'upload') return <>{typeof value === 'object' && value ? String((value as { fileName?: unknown }).fileName ?? '') : ''}</>;
  if (column.type === 'checkbox') return <>{value === (column.customValue?.[0] ?? true) ? '✓' : ''}</>;
  return <>{cellText(value)}</>;
}

/**
 * One cell: it reads its own value and error from the store, so typing here re-renders this cell only.
 * An invalid cell is marked (aria-invalid, a red border); the table's one ErrorTooltip shows its first
 * failure while the cell is hovered or focused (spec 000 §5).
 */
export const EditableCell = memo(function EditableCell({ rowKey, column }: { rowKey: string; column: TableColumn }) {
  useRenderProbe({ part: 'cell', key: rowKey, column: column.key });
  const store = useTableStore();
  const settings = useContext(TableSettingsContext);
  const { value, error } = useCell(rowKey, column.key);
  const id = activeCellId(rowKey, column.key);
  const active = useIsActive(settings.active, id);
  const box = useRef<HTMLDivElement>(null);
  const Editor = EDITORS[column.type];
  const readOnly = settings.readOnly || column.disabled || !Editor;
  const editing = !readOnly && (settings.editMode === 'always' || active || ALWAYS_LIVE.has(column.type));

  // click-to-edit: a mouse-up anywhere outside the cell ends its edit
  useEffect(() => {
    if (!active || settings.editMode === 'always') return;
    const leave = (event: MouseEvent) => {
      if (!box.current?.contains(event.target as Node)) settings.active.set(null);
    };
    document.addEventListener('mouseup', leave);
    return () => document.removeEventListener('mouseup', leave);
  }, [active, settings]);

  const content =
    editing && Editor ? (
      <Editor
        value={value}
        column={column}
        invalid={error !== ''}
        disabled={settings.disabled}
        autoFocus={settings.editMode === 'click'}
        onChange={(next) => store.setCell(rowKey, column.key, next)}
        onBlur={settings.onCellBlur}
      />
    ) : (
      <ReadText value={value} column={column} />
    );

  const marked = error !== '' && !(editing && OWN_ERROR_BORDER.has(column.type));
  return (
    <div
      ref={box}
      role="cell"
      data-row-key={rowKey}
      data-column={column.key}
      aria-invalid={error ? true : undefined}
      style={{
        width: column.width,
        flex: `0 0 ${column.width}px`,
        padding: '0 4px',
        boxSizing: 'border-box',
        alignSelf: 'stretch',
        display: 'flex',
        alignItems: 'center',
        overflow: 'hidden',
        ...(marked ? { boxShadow: `inset 0 0 0 1px ${settings.errorColor}` } : {}),
      }}
      onClick={readOnly || editing ? undefined : () => settings.active.set(id)}
    >
      {content}
    </div>
  );
});
