import { createForm } from '@formily/core';
import { FormProvider } from '@formily/react';
import { Button, Space, Typography } from 'antd';
import { useMemo } from 'react';
import { useRuntime } from '../../runtime/render/RuntimeProvider';
import { SAMPLE_TABLE_COLUMNS, sampleTableRows } from './editableTableSample';

/**
 * /#/dev/widgets?table=500: one editable table of `rows` × 12 in a form with a validate button, the page
 * the table's e2e and `npm run bench:table` drive (add `&invalid=1` for seeded rule failures, `&live=<model id>`
 * for live row updates with the other pages showing it).
 */
export function EditableTableBench({ rows, invalid, livePageId }: { rows: number; invalid: boolean; livePageId?: string }) {
  const { SchemaField } = useRuntime();
  const form = useMemo(() => createForm({ initialValues: { items: sampleTableRows(rows, invalid) } }), [rows, invalid]);
  const schema = {
    type: 'object',
    properties: {
      items: {
        type: 'array',
        title: `明细（${rows}行）`,
        'x-decorator': 'FormItem',
        'x-component': 'EditableTable',
        'x-component-props': { columns: SAMPLE_TABLE_COLUMNS, rowNumber: true, rowSelection: true, dragSort: true, ...(livePageId ? { livePageId } : {}) },
      },
    },
  };
  return (
    <div style={{ padding: 16 }} data-table-bench={rows}>
      <Typography.Title level={4}>EditableTable</Typography.Title>
      <FormProvider form={form}>
        <SchemaField schema={schema} />
        <Space>
          <Button type="primary" onClick={() => void form.validate().catch(() => undefined)}>
            校验
          </Button>
        </Space>
      </FormProvider>
    </div>
  );
}
