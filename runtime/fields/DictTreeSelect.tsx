import { connect, mapReadPretty } from '@formily/react';
import { Alert } from 'antd';
import { AsyncTreeSelect, TreeTextView, type TreeSource } from './treeSelect/AsyncTreeSelect';
import { conditionProblem } from './treeSelect/serverTree';
import { useFieldText } from './useFieldText';

export interface DictTreeSelectProps {
  value?: string;
  onChange?: (value: string | undefined) => void;
  /** '<table>,<text field>,<value field>' of a model whose fields allow dictionary reads */
  dict: string;
  pidField: string;
  /** the parent value of the roots (default '') */
  pidValue?: string;
  hasChildField?: string;
  /** extra filter, a JSON object string (anything else is refused before a request) */
  condition?: string;
  multiple?: boolean;
  /** last-level mode: only leaves can be chosen */
  leafOnly?: boolean;
  disabled?: boolean;
  placeholder?: string;
}

/** GET /sys/dict/loadTreeData (roots and children) and /sys/dict/loadDictItem/{dict} (texts). */
export function dictTreeSource({ dict, pidField, pidValue = '', hasChildField, condition }: DictTreeSelectProps): TreeSource {
  const [tableName, text, code] = dict.split(',');
  const query = (pid: string) => ({
    pid,
    tableName,
    text,
    code,
    pidField,
    ...(hasChildField ? { hasChildField } : {}),
    ...(condition?.trim() ? { condition } : {}),
  });
  return {
    roots: ['/sys/dict/loadTreeData', query(pidValue)],
    children: (pid) => ['/sys/dict/loadTreeData', query(pid)],
    texts: (values) => [`/sys/dict/loadDictItem/${dict}`, { key: values.join(',') }],
  };
}

function DictTreeInput(props: DictTreeSelectProps) {
  const t = useFieldText();
  const problem = conditionProblem(props.condition);
  if (problem) return <Alert type="error" showIcon message={t(problem, { condition: props.condition })} />;
  const { value, onChange, multiple, leafOnly, disabled, placeholder } = props;
  return (
    <AsyncTreeSelect
      value={value}
      onChange={onChange}
      multiple={multiple}
      leafOnly={leafOnly}
      disabled={disabled}
      placeholder={placeholder}
      source={dictTreeSource(props)}
    />
  );
}

const DictTreeView = (props: DictTreeSelectProps) => <TreeTextView value={props.value} source={dictTreeSource(props)} />;

/** The dictionary tree select over a table's parent field; the condition must be a JSON object string. */
export const DictTreeSelect = connect(DictTreeInput, mapReadPretty(DictTreeView));
