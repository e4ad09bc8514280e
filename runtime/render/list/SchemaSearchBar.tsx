import { Form } from '@formily/antd-v5';
import { createForm } from '@formily/core';
import { toJS } from '@formily/reactive';
import { Button, Space } from 'antd';
import { useMemo } from 'react';
import type { ServedModel } from '../../model/types';
import { assertWidgetsRegistered } from '../form/assertWidgetsRegistered';
import { useRuntime } from '../RuntimeProvider';
import { useRenderText } from '../useRenderText';
import { buildSearchSchema } from './buildSearchSchema';
import { toSearchCriteria } from './toSearchCriteria';
import type { SearchCriteria } from './listQuery';

export interface SchemaSearchBarProps {
  served: ServedModel;
  onSearch(criteria: SearchCriteria): void;
}

/** The search form of a list whose list.search names a widget of its own (a Formily form over the runtime's widgets): 查询 or Enter searches, 重置 clears and searches again. */
export function SchemaSearchBar({ served, onSearch }: SchemaSearchBarProps) {
  const { SchemaField, fields } = useRuntime();
  const t = useRenderText();
  const form = useMemo(() => createForm(), []);
  const schema = useMemo(() => {
    const built = buildSearchSchema(served, t);
    assertWidgetsRegistered(built, fields, `model ${served.model.id}: list.search`);
    return built;
  }, [served, t, fields]);
  const search = (values: unknown) => onSearch(toSearchCriteria(served, toJS(values) as Record<string, unknown>));

  const reset = async () => {
    await form.reset('*', { forceClear: true });
    search({});
  };

  return (
    <Form form={form} layout="horizontal" feedbackLayout="none" onAutoSubmit={search} style={{ marginBottom: 16 }}>
      {/* a grid: fields in columns of at least 240 px (one column on a phone), the buttons aligned after them */}
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))', columnGap: 16, rowGap: 8, alignItems: 'center' }}>
        <SchemaField schema={schema} />
        <Space style={{ justifySelf: 'start' }}>
          <Button type="primary" htmlType="submit">
            {t('action.search')}
          </Button>
          <Button onClick={() => void reset()}>{t('action.reset')}</Button>
        </Space>
      </div>
    </Form>
  );
}
