import { resolveOperations } from '../../model/resolveOperations';
import type { OperationName, ServedModel } from '../../model/types';

/** The endpoints a list needs for what it shows (spec 001 §8: a missing url.list, url.delete or url.deleteBatch). */
export interface ConfigError {
  operation: Extract<OperationName, 'list' | 'delete' | 'deleteBatch'>;
}

/**
 * The configuration errors of a list: it has no list endpoint (nor rows of an operation), or it lists 删除 / 批量删除 among its
 * actions while the model switched that endpoint off (api.operations.x = false). The page shows them
 * instead of failing on the first click.
 */
export function configErrors(served: ServedModel): ConfigError[] {
  const operations = resolveOperations(served.model);
  const listed = new Set(served.model.list?.actions ?? []);
  const errors: ConfigError[] = [];
  // an operation list (list.rows) reads its rows through its named operation, not the list endpoint
  if (!operations.list && !served.model.list?.rows) errors.push({ operation: 'list' });
  for (const operation of ['delete', 'deleteBatch'] as const) if (listed.has(operation) && !operations[operation]) errors.push({ operation });
  return errors;
}
