import { useEffect, useState } from 'react';
import type { DataProvider } from '../../data/DataProvider';
import { labelOf } from './pickedValue';

/**
 * The texts of the chosen ids: those the picker already knows (just chosen), the rest read one by one
 * through the model's get (a form shows a handful of chosen records, never a page of them).
 */
export function useRecordLabels(provider: DataProvider | undefined, ids: string[], labelField: string, known: Record<string, string>): Record<string, string> {
  const [read, setRead] = useState<Record<string, string>>({});
  const missing = ids.filter((id) => known[id] === undefined && read[id] === undefined);
  const key = missing.join(',');
  useEffect(() => {
    if (!provider || key === '') return;
    const controller = new AbortController();
    void Promise.all(
      key.split(',').map((id) =>
        provider.get(id, controller.signal).then(
          (record) => [id, labelOf(record, labelField)] as const,
          () => [id, id] as const,
        ),
      ),
    ).then((pairs) => !controller.signal.aborted && setRead((current) => ({ ...current, ...Object.fromEntries(pairs) })));
    return () => controller.abort();
  }, [provider, key, labelField]);
  return { ...read, ...known };
}
