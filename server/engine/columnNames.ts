import { CamelCasePlugin } from 'kysely';

/**
 * createDb installs `new CamelCasePlugin()` (default options). Table sync and the SQL the engine
 * builds reuse that plugin's own conversion, so a column we create is always the column the
 * plugin maps a field name to, and a result row's key is always the field name.
 */
class ColumnNaming extends CamelCasePlugin {
  toColumn(name: string): string {
    return this.snakeCase(name);
  }

  toKey(column: string): string {
    return this.camelCase(column);
  }
}

const naming = new ColumnNaming();

/** fieldName -> field_name, exactly as the CamelCasePlugin writes it */
export function columnOf(fieldName: string): string {
  return naming.toColumn(fieldName);
}

/** Whether a field name comes back unchanged from a result row (e.g. "aBC" would come back as "aBc"). */
export function survivesColumnRoundTrip(fieldName: string): boolean {
  return naming.toKey(naming.toColumn(fieldName)) === fieldName;
}
