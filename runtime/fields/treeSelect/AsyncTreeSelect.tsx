import { Alert, TreeSelect } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useRuntime } from '../../render/RuntimeProvider';
import { useErrorText } from '../../render/useFeedback';
import { idsOf, toValue } from '../picker/pickedValue';
import { useFieldText } from '../useFieldText';
import { toSelectNodes, withChildren, type SelectTreeNode } from './serverTree';

/** spec 000 §9: a tree select's dropdown is at most 400 px high (antd's own default is 256) */
export const TREE_DROPDOWN_HEIGHT = 400;

export interface TreeSource {
  /** GET url and query of the roots */
  roots: [string, Record<string, unknown>];
  /** GET url and query of one node's children */
  children(key: string): [string, Record<string, unknown>];
  /** GET url and query answering the texts of the given values, in their order */
  texts(values: string[]): [string, Record<string, unknown>];
}

export interface AsyncTreeSelectProps {
  value?: string;
  onChange?: (value: string | undefined) => void;
  source: TreeSource;
  multiple?: boolean;
  leafOnly?: boolean;
  disabled?: boolean;
  placeholder?: string;
}

/** The texts of the chosen values, asked of the server once per set of values. */
export function useTreeTexts(source: TreeSource, values: string[]): Record<string, string> {
  const { http } = useRuntime();
  const [texts, setTexts] = useState<Record<string, string>>({});
  const key = values.join(',');
  useEffect(() => {
    if (key === '') return;
    const controller = new AbortController();
    const [url, params] = source.texts(key.split(','));
    http.get<unknown>(url, params, { signal: controller.signal, silent: true }).then(
      ({ data }) =>
        !controller.signal.aborted &&
        Array.isArray(data) &&
        setTexts(Object.fromEntries(key.split(',').map((value, index) => [value, String(data[index] || value)]))),
      () => undefined,
    );
    return () => controller.abort();
    // the source object is rebuilt each render; its urls follow the props the key already covers
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [http, key]);
  return texts;
}

/** A tree select whose levels are read from the server as they open (category and dictionary trees). */
export function AsyncTreeSelect({ value, onChange, source, multiple = false, leafOnly = false, disabled, placeholder }: AsyncTreeSelectProps) {
  const t = useFieldText();
  const { http } = useRuntime();
  const describe = useErrorText();
  const [nodes, setNodes] = useState<SelectTreeNode[]>([]);
  const [error, setError] = useState<unknown>(null);
  const [rootUrl, rootParams] = source.roots;
  const rootKey = `${rootUrl}?${JSON.stringify(rootParams)}`;
  useEffect(() => {
    const controller = new AbortController();
    http.get<unknown>(rootUrl, rootParams, { signal: controller.signal, silent: true }).then(
      ({ data }) => !controller.signal.aborted && setNodes(toSelectNodes(data, leafOnly)),
      (failure: unknown) => !controller.signal.aborted && setError(failure),
    );
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [http, rootKey, leafOnly]);
  const values = idsOf(value);
  const texts = useTreeTexts(source, values);
  const labelled = useMemo(() => values.map((item) => ({ value: item, label: texts[item] ?? item })), [values, texts]);

  const loadData = async (node: { key?: React.Key; isLeaf?: boolean; children?: unknown }) => {
    if (node.isLeaf || node.children || node.key === undefined) return;
    const [url, params] = source.children(String(node.key));
    const { data } = await http.get<unknown>(url, params);
    setNodes((current) => withChildren(current, String(node.key), toSelectNodes(data, leafOnly)));
  };

  return (
    <>
      {error ? <Alert type="error" showIcon message={t('picker.loadFailed', { reason: describe(error) })} /> : null}
      <TreeSelect<{ value: string; label: string } | { value: string; label: string }[]>
        labelInValue
        allowClear
        showSearch={false}
        multiple={multiple}
        treeCheckable={multiple}
        treeCheckStrictly={multiple}
        disabled={disabled}
        placeholder={placeholder ?? t('treeSelect.placeholder')}
        value={multiple ? labelled : labelled[0]}
        treeData={nodes}
        loadData={loadData}
        listHeight={TREE_DROPDOWN_HEIGHT}
        onChange={(next) => onChange?.(toValue((Array.isArray(next) ? next : next ? [next] : []).map((item) => item.value)))}
        style={{ width: '100%' }}
      />
    </>
  );
}

/** The read-only view: the chosen values' texts. */
export function TreeTextView({ value, source }: { value?: string; source: TreeSource }) {
  const values = idsOf(value);
  const texts = useTreeTexts(source, values);
  return <span>{values.map((item) => texts[item] ?? '').join(', ')}</span>;
}
