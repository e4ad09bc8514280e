import { PreviewText } from '@formily/antd-v5';
import type { Form } from '@formily/core';
import type { ISchema } from '@formily/json-schema';
import { FormProvider } from '@formily/react';
import { useMemo } from 'react';
import { useRuntime } from '../RuntimeProvider';
import { useRenderText } from '../useRenderText';
import { assertWidgetsRegistered } from './assertWidgetsRegistered';

export interface SchemaFormProps {
  form: Form;
  schema: ISchema;
  /** names the screen in the error about an unregistered widget */
  where?: string;
}

/**
 * A Formily form over the runtime's widgets (its SchemaField). An empty value in read-only views shows the
 * renderer's own placeholder in the interface language, not Formily's untranslated 'N/A'.
 */
export function SchemaForm({ form, schema, where = 'form' }: SchemaFormProps) {
  const { SchemaField, fields } = useRuntime();
  const t = useRenderText();
  useMemo(() => assertWidgetsRegistered(schema, fields, where), [schema, fields, where]);
  return (
    <PreviewText.Placeholder value={t('detail.empty')}>
      <FormProvider form={form}>
        <SchemaField schema={schema} />
      </FormProvider>
    </PreviewText.Placeholder>
  );
}
