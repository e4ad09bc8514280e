import { Alert, Input, Spin, Tree } from 'antd';
import { useMemo, useState } from 'react';
import { useErrorText } from '../../render/useFeedback';
import { useFieldText } from '../useFieldText';
import { allKeys, filterTree } from './modelTree';
import type { ModelTree } from './useModelTree';

export interface RecordTreeViewProps {
  tree: ModelTree;
  multiple: boolean;
  checked: string[];
  onCheck(ids: string[]): void;
  searchPlaceholder: string;
  height?: number;
}

/** A model tree to choose nodes from, filtered by name when Enter is pressed in its search box. */
export function RecordTreeView({ tree, multiple, checked, onCheck, searchPlaceholder, height = 360 }: RecordTreeViewProps) {
  const t = useFieldText();
  const describe = useErrorText();
  const [draft, setDraft] = useState('');
  const [filter, setFilter] = useState('');
  const nodes = useMemo(() => (tree.status === 'ready' ? filterTree(tree.nodes, filter) : []), [tree, filter]);
  return (
    <>
      <Input.Search
        allowClear
        value={draft}
        placeholder={searchPlaceholder}
        aria-label={searchPlaceholder}
        onChange={(event) => setDraft(event.target.value)}
        onSearch={(text) => setFilter(text)}
        style={{ marginBottom: 8 }}
      />
      {tree.status === 'loading' ? <Spin /> : null}
      {tree.status === 'error' ? <Alert type="error" showIcon message={t('picker.loadFailed', { reason: describe(tree.error) })} /> : null}
      {tree.status === 'ready' && nodes.length === 0 ? <div>{t('picker.empty')}</div> : null}
      {nodes.length > 0 ? (
        <Tree
          key={filter}
          height={height}
          blockNode
          checkable={multiple}
          checkStrictly
          defaultExpandAll={filter !== ''}
          defaultExpandedKeys={filter === '' ? nodes.map((node) => node.key) : allKeys(nodes)}
          treeData={nodes}
          checkedKeys={multiple ? checked : undefined}
          selectedKeys={multiple ? [] : checked}
          onCheck={(keys) => onCheck((Array.isArray(keys) ? keys : keys.checked).map(String))}
          onSelect={(keys) => (multiple ? undefined : onCheck(keys.map(String)))}
        />
      ) : null}
    </>
  );
}
