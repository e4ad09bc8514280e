import { connect, mapReadPretty } from '@formily/react';
import { Alert } from 'antd';
import { AsyncTreeSelect, TreeTextView, type TreeSource } from './treeSelect/AsyncTreeSelect';
import { conditionProblem } from './treeSelect/serverTree';
import { useFieldText } from './useFieldText';

export interface CategoryTreeSelectProps {
  value?: string;
  onChange?: (value: string | undefined) => void;
  /** the code of the category whose descendants are offered */
  pcode: string;
  /** extra filter, a JSON object string */
  condition?: string;
  multiple?: boolean;
  leafOnly?: boolean;
  disabled?: boolean;
  placeholder?: string;
}

/** /sys/category/loadTreeRoot, loadTreeChildren and loadDictItem/ (spec 000 §7). */
export function categorySource(pcode: string, condition: string | undefined): TreeSource {
  const extra = condition?.trim() ? { condition } : {};
  return {
    roots: ['/sys/category/loadTreeRoot', { async: true, pcode, ...extra }],
    children: (pid) => ['/sys/category/loadTreeChildren', { pid, ...extra }],
    texts: (ids) => ['/sys/category/loadDictItem/', { ids: ids.join(',') }],
  };
}

function CategoryInput({ pcode, condition, ...props }: CategoryTreeSelectProps) {
  const t = useFieldText();
  const problem = conditionProblem(condition);
  if (problem) return <Alert type="error" showIcon message={t(problem, { condition })} />;
  return <AsyncTreeSelect {...props} source={categorySource(pcode, condition)} />;
}

const CategoryView = ({ value, pcode, condition }: CategoryTreeSelectProps) => <TreeTextView value={value} source={categorySource(pcode, condition)} />;

/** The category tree select: the categories under `pcode`, each level read as it opens; value: the category ids. */
export const CategoryTreeSelect = connect(CategoryInput, mapReadPretty(CategoryView));
