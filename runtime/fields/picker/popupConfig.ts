export interface PopupConfig {
  code?: string;
  sourceFields?: string;
  targetFields?: string;
}

export type PopupProblem = { key: 'popup.noCode' } | { key: 'popup.noFields' } | { key: 'popup.countMismatch'; values: { source: number; target: number } };

const names = (text: string | undefined) =>
  (text ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);

/** The popup's mapping: source field i of the chosen record goes to target field i of the form. */
export function popupMapping(config: PopupConfig): { problem: PopupProblem } | { pairs: [string, string][] } {
  if (!config.code?.trim()) return { problem: { key: 'popup.noCode' } };
  const source = names(config.sourceFields);
  const target = names(config.targetFields);
  if (source.length === 0 || target.length === 0) return { problem: { key: 'popup.noFields' } };
  if (source.length !== target.length) return { problem: { key: 'popup.countMismatch', values: { source: source.length, target: target.length } } };
  return { pairs: source.map((name, index) => [name, target[index] as string]) };
}

/** The value each target field gets from the chosen records (several records: comma-joined). */
export function popupValues(pairs: [string, string][], records: Record<string, unknown>[]): Record<string, string> {
  return Object.fromEntries(
    pairs.map(([source, target]) => [
      target,
      records
        .map((record) => record[source])
        .filter((value) => value !== null && value !== undefined)
        .join(','),
    ]),
  );
}
