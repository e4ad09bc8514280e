import { Table, type TableColumnType as ColumnType } from 'antd';
import type { DataRecord } from '../../data/DataProvider';
import { INDEX_COLUMN_KEY } from './buildColumns';

export interface TotalsRowProps {
  columns: ColumnType<DataRecord>[];
  /** by column key: the totals the server computed over every row of the query (not only this page) */
  totals: Record<string, unknown>;
  selectable: boolean;
  /** 合计, in the index column (or the first one) */
  label: string;
}

const shown = (value: unknown) => (value === null || value === undefined ? '' : typeof value === 'number' ? value.toLocaleString() : String(value));

/** The totals row under a list's table (a report's query.totals), one cell per shown column. */
export function TotalsRow({ columns, totals, selectable, label }: TotalsRowProps) {
  const labelAt = Math.max(
    0,
    columns.findIndex((column) => column.key === INDEX_COLUMN_KEY),
  );
  const offset = selectable ? 1 : 0;
  return (
    <Table.Summary fixed>
      <Table.Summary.Row data-testid="list-totals">
        {selectable ? <Table.Summary.Cell index={0} /> : null}
        {columns.map((column, index) => {
          const key = String(column.key);
          const value = index === labelAt && !(key in totals) ? label : shown(totals[key]);
          return (
            <Table.Summary.Cell key={key} index={index + offset} align={column.align}>
              <strong>{value}</strong>
            </Table.Summary.Cell>
          );
        })}
      </Table.Summary.Row>
    </Table.Summary>
  );
}
