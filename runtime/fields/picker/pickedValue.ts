/** A picker's field value: one id, or several comma-joined (the JeecgBoot convention for multi-pickers). */
export function idsOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String).filter(Boolean);
  if (typeof value === 'number') return [String(value)];
  return typeof value === 'string' && value !== '' ? value.split(',') : [];
}

export const toValue = (ids: string[]): string | undefined => (ids.length === 0 ? undefined : ids.join(','));

/** A record's text in a picker: the label field, or the id when the field is empty. */
export function labelOf(record: Record<string, unknown>, labelField: string): string {
  const text = record[labelField];
  return text === undefined || text === null || text === '' ? String(record.id) : String(text);
}
