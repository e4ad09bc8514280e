import { connect, mapReadPretty } from '@formily/react';
import { Table, Typography } from 'antd';
import { useFieldText } from './useFieldText';

/** One field's change as the server's data change log writes it (server/engine/recordHistory.ts). */
export interface FieldChangeRow {
  field: string;
  label: string;
  before: unknown;
  after: unknown;
}

function isChangeList(value: unknown): value is FieldChangeRow[] {
  return Array.isArray(value) && value.every((c) => c !== null && typeof c === 'object' && typeof (c as FieldChangeRow).field === 'string');
}

const shown = (value: unknown) => (value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value));

/**
 * The field-level diff of a data change log entry: one row per changed field with its value before and
 * after (empty before a create, empty after a delete). Read-only: the log is written by the server.
 */
export function DataChangesView({ value }: { value?: unknown }) {
  const t = useFieldText();
  if (!isChangeList(value)) return <Typography.Text type="secondary">{t('dataChanges.none')}</Typography.Text>;
  return (
    <Table<FieldChangeRow>
      size="small"
      pagination={false}
      rowKey="field"
      dataSource={value}
      data-data-changes
      columns={[
        { title: t('dataChanges.field'), key: 'field', render: (_, row) => `${row.label} (${row.field})` },
        {
          title: t('dataChanges.before'),
          key: 'before',
          render: (_, row) => <Typography.Text delete={row.after !== null}>{shown(row.before)}</Typography.Text>,
        },
        { title: t('dataChanges.after'), key: 'after', render: (_, row) => <Typography.Text mark={row.before !== null}>{shown(row.after)}</Typography.Text> },
      ]}
    />
  );
}

/** The data change log's diff view; in a form it is read-only as well. */
export const DataChanges = connect(DataChangesView, mapReadPretty(DataChangesView));
