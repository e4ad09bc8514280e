import type { DataRecord } from '../../data/DataProvider';
import { compileExpression, isTruthy, type CompiledExpression } from '../../expression';
import type { ServedModel } from '../../model/types';
import type { ListActionObject } from '../../model/v2Parts';

// one compiled condition per action object of a served model (the objects live as long as the model)
const compiled = new WeakMap<ListActionObject, CompiledExpression>();

function conditionOf(served: ServedModel, action: ListActionObject, text: string): CompiledExpression {
  let expression = compiled.get(action);
  if (!expression) {
    try {
      // the server checked the names it reads when the model loaded (checkModel); here it only runs
      expression = compileExpression(text);
    } catch (error) {
      throw new Error(`model ${served.model.id}: list action "${action.key}" visibleWhen: ${(error as Error).message}`);
    }
    compiled.set(action, expression);
  }
  return expression;
}

/**
 * Whether a row action shows on this row (version 14): its `visibleWhen`, an expression of the model
 * language, holds for the row's values, or it has none. Presentation only: the operation the button runs
 * still checks the row on the server (在线用户's 强制退出 refuses the caller's own session either way).
 */
export function rowActionVisible(served: ServedModel, action: ListActionObject, record: DataRecord): boolean {
  if (action.visibleWhen === undefined) return true;
  return isTruthy(conditionOf(served, action, action.visibleWhen).evaluate(record));
}
