import { Alert, Button, Input, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useMemo, useState } from 'react';
import type { DataProvider, DataRecord } from '../../data/DataProvider';
import type { ServedModel } from '../../model/types';
import { fieldLabel } from '../../render/modelText';
import { useRuntime } from '../../render/RuntimeProvider';
import { useErrorText } from '../../render/useFeedback';
import { useFieldText } from '../useFieldText';
import { readAll, UNPAGED_LIMIT } from './readAll';

export interface RecordTableProps {
  served: ServedModel;
  provider: DataProvider;
  /** the model fields shown, in order */
  columns: string[];
  multiple: boolean;
  /** false: every match up to 10,000 rows, no pager (spec 000 §9) */
  paged: boolean;
  pageSize: number;
  pageSizeOptions?: number[];
  scrollY?: number;
  selected: DataRecord[];
  onSelect(records: DataRecord[]): void;
}

const cellText = (record: DataRecord, field: string) => {
  const value = record[`${field}_dictText`] ?? record[field];
  return value === null || value === undefined ? '' : String(value);
};

/**
 * One model's records to choose from: keyword search, reset, refresh, an index column and radio or
 * checkbox selection that survives paging.
 */
export function RecordTable({
  served,
  provider,
  columns,
  multiple,
  paged,
  pageSize: initialSize,
  pageSizeOptions,
  scrollY,
  selected,
  onSelect,
}: RecordTableProps) {
  const t = useFieldText();
  const runtime = useRuntime();
  const describe = useErrorText();
  const [draft, setDraft] = useState('');
  const [query, setQuery] = useState({ keyword: '', page: 1, pageSize: paged ? initialSize : UNPAGED_LIMIT, round: 0 });
  const [answer, setAnswer] = useState<{ records: DataRecord[]; total: number }>({ records: [], total: 0 });
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<unknown>(null);

  useEffect(() => {
    const controller = new AbortController();
    const params = { keyword: query.keyword || undefined, sort: served.model.entity.defaultSort, signal: controller.signal };
    setLoading(true);
    (paged ? provider.list({ ...params, page: query.page, pageSize: query.pageSize }) : readAll(provider, params)).then(
      (next) => {
        if (controller.signal.aborted) return;
        setAnswer({ records: next.records, total: next.total });
        setError(null);
        setLoading(false);
      },
      (failure: unknown) => {
        if (controller.signal.aborted) return;
        setError(failure);
        setLoading(false);
      },
    );
    return () => controller.abort();
  }, [provider, served, paged, query]);

  const tableColumns = useMemo<ColumnsType<DataRecord>>(
    () => [
      {
        key: '#index',
        title: t('picker.index'),
        width: 60,
        align: 'center',
        render: (_value, _record, index) => (query.page - 1) * query.pageSize + index + 1,
      },
      ...columns.map((field) => ({
        key: field,
        dataIndex: field,
        title: fieldLabel(served, field, runtime.t),
        ellipsis: true,
        render: (_: unknown, record: DataRecord) => cellText(record, field),
      })),
    ],
    [columns, served, runtime, t, query.page, query.pageSize],
  );

  const known = useMemo(() => new Map([...selected, ...answer.records].map((record) => [record.id, record])), [selected, answer.records]);
  const choose = (keys: React.Key[]) => onSelect(keys.map((key) => known.get(String(key))).filter((record): record is DataRecord => record !== undefined));

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <Input
          allowClear
          value={draft}
          placeholder={t('picker.keyword')}
          aria-label={t('picker.keyword')}
          onChange={(event) => setDraft(event.target.value)}
          onPressEnter={() => setQuery((current) => ({ ...current, keyword: draft.trim(), page: 1 }))}
          style={{ width: 220 }}
        />
        <Button type="primary" onClick={() => setQuery((current) => ({ ...current, keyword: draft.trim(), page: 1 }))}>
          {t('picker.search')}
        </Button>
        <Button
          onClick={() => {
            setDraft('');
            setQuery((current) => ({ ...current, keyword: '', page: 1 }));
          }}
        >
          {t('picker.reset')}
        </Button>
        <Button onClick={() => setQuery((current) => ({ ...current, round: current.round + 1 }))}>{t('picker.refresh')}</Button>
      </Space>
      {error ? <Alert type="error" showIcon message={t('picker.loadFailed', { reason: describe(error) })} /> : null}
      <Table<DataRecord>
        size="small"
        rowKey="id"
        loading={loading}
        columns={tableColumns}
        dataSource={answer.records}
        scroll={scrollY ? { y: scrollY } : undefined}
        rowSelection={{
          type: multiple ? 'checkbox' : 'radio',
          selectedRowKeys: selected.map((record) => record.id),
          onChange: choose,
          preserveSelectedRowKeys: true,
        }}
        onRow={(record) => ({ onClick: () => (multiple ? undefined : onSelect([record])) })}
        pagination={
          paged
            ? {
                current: query.page,
                pageSize: query.pageSize,
                total: answer.total,
                showSizeChanger: Boolean(pageSizeOptions),
                pageSizeOptions,
                showQuickJumper: true,
                showTotal: (n) => t('picker.total', { n }),
                onChange: (page, pageSize) => setQuery((current) => ({ ...current, page: pageSize === current.pageSize ? page : 1, pageSize })),
              }
            : false
        }
      />
    </Space>
  );
}
