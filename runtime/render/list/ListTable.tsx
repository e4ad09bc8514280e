import { Alert, Table, Typography, type TableProps } from 'antd';
import type { TableColumnType as ColumnType } from 'antd';
import type { DataRecord } from '../../data/DataProvider';
import { useErrorText } from '../useFeedback';
import { useRenderText } from '../useRenderText';
import { listPager } from './listPager';
import { tableWidth } from './tableWidth';
import type { ListController } from './useListController';
import { TotalsRow } from './TotalsRow';

export interface ListTableProps {
  list: ListController;
  columns: ColumnType<DataRecord>[];
  sizes: number[];
  /** false: every row on one page, no pager (list.page false); the total names rows the server left out */
  paged?: boolean;
  /** the rows scroll inside an area this many pixels high (list.scrollHeight) */
  scrollHeight?: number;
  selectable: boolean;
  /** after a page-size change (spec 000 §9: scroll to top) */
  onPageSizeChange(): void;
}

/** The antd Table of a list page: server-side paging and sorting, checkbox selection for batch delete. */
export function ListTable({ list, columns, sizes, paged = true, scrollHeight, selectable, onPageSizeChange }: ListTableProps) {
  const t = useRenderText();
  const describe = useErrorText();
  if (list.status === 'error') return <Alert type="error" showIcon message={describe(list.error)} />;

  const onChange: TableProps<DataRecord>['onChange'] = (pagination, _filters, sorter, extra) => {
    if (extra.action === 'sort' && !Array.isArray(sorter)) {
      const field = typeof sorter.columnKey === 'string' ? sorter.columnKey : undefined;
      list.changeSort(field && sorter.order ? { field, order: sorter.order === 'ascend' ? 'asc' : 'desc' } : undefined);
    }
    if (extra.action === 'paginate') {
      const pageSize = pagination.pageSize ?? list.params.pageSize;
      list.changePage(pagination.current ?? 1, pageSize);
      if (pageSize !== list.params.pageSize) onPageSizeChange();
    }
  };

  const totals = list.status === 'ready' ? list.totals : undefined;
  const leftOut = !paged && list.status === 'ready' && list.total > list.records.length;
  return (
    <>
      <Table<DataRecord>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.status === 'ready' ? list.records : []}
        loading={list.status === 'loading' || (list.status === 'ready' && list.refreshing)}
        scroll={{ x: tableWidth(columns, selectable), ...(scrollHeight ? { y: scrollHeight } : {}) }}
        onChange={onChange}
        summary={totals ? () => <TotalsRow columns={columns} totals={totals} selectable={selectable} label={t('list.totals')} /> : undefined}
        rowSelection={selectable ? { selectedRowKeys: list.selection, onChange: (keys) => list.setSelection(keys.map(String)) } : undefined}
        pagination={paged && listPager(list, sizes, t)}
      />
      {leftOut && <Typography.Text type="secondary">{t('list.capped', { shown: list.records.length, total: list.total })}</Typography.Text>}
    </>
  );
}
