import { useMemo } from 'react';
import type { ServedModel } from '../../model/types';
import { buildFormSchema } from '../form/buildFormSchema';
import { createRecordForm } from '../form/createRecordForm';
import { recordFormValues } from '../form/pickFormValues';
import { SchemaForm } from '../form/SchemaForm';
import { useNarrowScreen } from '../useNarrowScreen';
import { useRuntime } from '../RuntimeProvider';

export interface DetailViewProps {
  served: ServedModel;
  record: Record<string, unknown>;
}

/** A record read-only: the model's form schema rendered with the pattern 'readPretty' (no third rendering of a field). */
export function DetailView({ served, record }: DetailViewProps) {
  const form = useMemo(() => createRecordForm({ initialValues: recordFormValues(served, record), readPretty: true }), [served, record]);
  const { hooks } = useRuntime();
  const narrow = useNarrowScreen();
  const schema = useMemo(() => buildFormSchema(served, 'detail', { hooks, narrow }), [served, hooks, narrow]);
  return <SchemaForm form={form} schema={schema} where={`model ${served.model.id}: form`} />;
}
