import type { ISchema } from '@formily/json-schema';
import type { FieldRegistry } from '../../fields/createFieldRegistry';

/** Every x-component and x-decorator a schema names. */
export function widgetNames(schema: ISchema, into = new Set<string>()): Set<string> {
  for (const key of ['x-component', 'x-decorator'] as const) {
    const name = schema[key];
    if (typeof name === 'string') into.add(name);
  }
  for (const child of Object.values((schema.properties ?? {}) as Record<string, ISchema>)) widgetNames(child, into);
  return into;
}

/**
 * Formily renders an unknown x-component as a DOM tag of that name, which fails quietly; a model that
 * names a widget this runtime lacks is an error worth a clear message.
 */
export function assertWidgetsRegistered(schema: ISchema, fields: FieldRegistry, where: string): void {
  const missing = [...widgetNames(schema)].filter((name) => !fields.has(name));
  if (missing.length > 0) throw new Error(`${where}: widget(s) ${missing.map((name) => `"${name}"`).join(', ')} not registered in this runtime`);
}
