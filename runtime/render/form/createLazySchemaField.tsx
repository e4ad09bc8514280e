import type { SchemaReactComponents } from '@formily/react';
import { createElement, Suspense, useState, type ComponentType } from 'react';
import type { FieldRegistry } from '../../fields/createFieldRegistry';
import { lazyPart } from '../lazyPart';
import type { LazySchemaField, SchemaFieldProps } from './LazySchemaField';

export type { LazySchemaField, SchemaFieldProps } from './LazySchemaField';

/**
 * A runtime's SchemaField, created on first use: Formily (~45 KB gzip) and the safe expression compiler load
 * then, not with every list page. A form that mounts after the code came renders it directly.
 */
export function createLazySchemaField(fields: FieldRegistry): LazySchemaField {
  let created: ComponentType<SchemaFieldProps> | undefined;
  let creating: Promise<ComponentType<SchemaFieldProps>> | undefined;
  const create = () =>
    (creating ??= Promise.all([import('@formily/react'), import('../safeCompiler')]).then(
      ([{ createSchemaField }, { installSafeCompiler }]) => {
        installSafeCompiler();
        // a dotted name's root may be a plain object of members ('Radio.Group' without 'Radio'): Formily
        // resolves it by path, though its type only admits components
        return (created = createSchemaField({ components: fields.components as SchemaReactComponents }) as ComponentType<SchemaFieldProps>);
      },
      (error: unknown) => {
        // not kept: the form's retry (lazyPart) and the next preload fetch again
        creating = undefined;
        throw error;
      },
    ));
  const Deferred = lazyPart(create);

  function SchemaField(props: SchemaFieldProps) {
    const [ready] = useState(() => created);
    return ready ? createElement(ready, props) : createElement(Suspense, { fallback: null }, createElement(Deferred, props));
  }
  return Object.assign(SchemaField, { preload: () => create().then(() => undefined) });
}
