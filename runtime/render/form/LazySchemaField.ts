import type { ISchema } from '@formily/json-schema';
import type { ComponentType } from 'react';

export interface SchemaFieldProps {
  schema: ISchema;
}

/** Formily's SchemaField over a runtime's widgets, with Formily itself fetched when a form first renders. */
export type LazySchemaField = ComponentType<SchemaFieldProps> & {
  /** fetches Formily now (e.g. when the page is idle), so that the first form renders without waiting */
  preload(): Promise<void>;
};
