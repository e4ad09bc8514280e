import type { Form } from '@formily/core';
import type { ISchema } from '@formily/json-schema';
import { FormProvider } from '@formily/react';
import { useMemo } from 'react';
import { useRuntime } from '../RuntimeProvider';
import { assertWidgetsRegistered } from './assertWidgetsRegistered';

export interface SchemaFormProps {
  form: Form;
  schema: ISchema;
  /** names the screen in the error about an unregistered widget */
  where?: string;
}

/** A Formily form over the runtime's widgets (its SchemaField). */
export function SchemaForm({ form, schema, where = 'form' }: SchemaFormProps) {
  const { SchemaField, fields } = useRuntime();
  useMemo(() => assertWidgetsRegistered(schema, fields, where), [schema, fields, where]);
  return (
    <FormProvider form={form}>
      <SchemaField schema={schema} />
    </FormProvider>
  );
}
