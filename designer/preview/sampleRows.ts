import type { FieldDef, ModelFile } from '../../runtime/model/types';
import type { DataRecord } from '../../runtime/data/DataProvider';

const SAMPLE_ROWS = 3;

/** A plausible value of a field for the n-th sample row (1-based), by type; a computed default shows its kind. */
function sampleValue(name: string, def: FieldDef, n: number, sample: string): unknown {
  if (typeof def.default === 'object' && def.default !== null) return def.default.computed === 'billNumber' ? `NO${String(n).padStart(4, '0')}` : null;
  if (def.enum) return def.enum[(n - 1) % def.enum.length];
  switch (def.type) {
    case 'integer':
      return n;
    case 'number':
      return n * 1.5;
    case 'boolean':
      return n % 2;
    case 'date':
      return `2026-01-0${n}`;
    case 'datetime':
      return `2026-01-0${n} 09:00:00`;
    case 'json':
    case 'list':
    case 'file':
    case 'image':
      return null;
    default:
      return def.dict ? null : `${sample}${def.label}${n}`.slice(0, def.maxLength ?? 100);
  }
}

/** A few rows of sample data for the preview, one value per field. */
export function sampleRows(model: ModelFile, sample: string): DataRecord[] {
  return Array.from({ length: SAMPLE_ROWS }, (_, i) => ({
    id: `sample-${i + 1}`,
    version: 1,
    createTime: `2026-01-0${i + 1} 09:00:00`,
    ...Object.fromEntries(Object.entries(model.entity.fields).map(([name, def]) => [name, sampleValue(name, def, i + 1, sample)])),
  }));
}
