import { App, Empty, theme } from 'antd';
import { memo, useMemo, useRef } from 'react';
import { useFieldText } from '../useFieldText';
import { controlsWidth, type TableControls } from './controlColumns';
import type { TableStore } from './createTableStore';
import { ErrorTooltip } from './ErrorTooltip';
import { useRenderProbe } from './renderProbe';
import type { RowMenuActions } from './RowMenu';
import { StatisticsRow } from './StatisticsRow';
import { TableBody } from './TableBody';
import type { TableColumn } from './tableColumns';
import { TableHeader } from './TableHeader';
import { createThrottleGate, INSERT_THROTTLE_MS } from './tableRules';
import { TableSettingsContext, type TableSettings } from './tableSettings';
import { TableToolbar } from './TableToolbar';
import { TableStoreContext, useRowOrder } from './useTableStore';

export interface EditableTableViewProps {
  store: TableStore;
  /** the shown columns (hidden ones keep their values but are not drawn) */
  columns: readonly TableColumn[];
  controls: TableControls;
  settings: Omit<TableSettings, 'errorColor'>;
  toolbar: boolean;
  maxHeight: number;
}

function EmptyRows({ show }: { show: boolean }) {
  return show ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} style={{ margin: 8 }} /> : null;
}

function useRowCount(store: TableStore) {
  return useRowOrder(store).length;
}

/**
 * The editable table drawn from its store: toolbar, a scroll box holding the sticky header, the
 * virtualised rows and the sticky statistics row, and one error tooltip. The view re-renders only when
 * its props do; everything below reads the store itself.
 */
export const EditableTableView = memo(function EditableTableView({ store, columns, controls, settings, toolbar, maxHeight }: EditableTableViewProps) {
  useRenderProbe({ part: 'table' });
  const t = useFieldText();
  const { message } = App.useApp();
  const { token } = theme.useToken();
  const scrollBox = useRef<HTMLDivElement>(null);
  const width = controlsWidth(controls) + columns.reduce((sum, column) => sum + column.width, 0);
  const locked = settings.readOnly || settings.disabled;
  const count = useRowCount(store);
  const hasStatistics = columns.some((column) => column.statistics);

  const actions = useMemo<RowMenuActions>(() => {
    const mayInsert = createThrottleGate(INSERT_THROTTLE_MS);
    const indexOf = (key: string) => store.order().indexOf(key);
    return {
      moveUp: (key) => store.move(indexOf(key), indexOf(key) - 1),
      moveDown: (key) => store.move(indexOf(key), indexOf(key) + 1),
      insertBelow: (key) => {
        if (mayInsert()) store.insertBelow(key);
        else void message.warning(t('editableTable.tooFast'));
      },
      remove: (key) => store.removeRows([key]),
    };
  }, [store, message, t]);

  const shared = useMemo<TableSettings>(() => ({ ...settings, errorColor: token.colorError }), [settings, token.colorError]);
  const band = { position: 'sticky', zIndex: 3, background: token.colorFillAlter, borderBottom: `1px solid ${token.colorBorderSecondary}` } as const;

  return (
    <TableStoreContext.Provider value={store}>
      <TableSettingsContext.Provider value={shared}>
        <div className="cl-editable-table" data-rows={count}>
          {toolbar && !locked && (
            <TableToolbar store={store} rowSelection={controls.rowSelection} onAdd={() => store.addRow()} onRemove={(keys) => store.removeRows(keys)} />
          )}
          <div style={{ position: 'relative' }}>
            <div
              ref={scrollBox}
              role="table"
              aria-rowcount={count + 1}
              style={{
                maxHeight,
                overflow: 'auto',
                border: `1px solid ${token.colorBorderSecondary}`,
                borderRadius: token.borderRadius,
                background: token.colorBgContainer,
              }}
            >
              <TableHeader store={store} columns={columns} controls={controls} width={width} style={{ ...band, top: 0 }} />
              <TableBody
                store={store}
                columns={columns}
                controls={controls}
                width={width}
                maxHeight={maxHeight}
                actions={actions}
                locked={locked}
                scrollBox={scrollBox}
              />
              <EmptyRows show={count === 0} />
              {hasStatistics && <StatisticsRow store={store} columns={columns} controls={controls} width={width} style={{ ...band, bottom: 0 }} />}
            </div>
            <ErrorTooltip container={scrollBox} />
          </div>
        </div>
      </TableSettingsContext.Provider>
    </TableStoreContext.Provider>
  );
});
