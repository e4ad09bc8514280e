import { Alert, Col, Row, Spin, Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { DataRecord, FieldFilter } from '../../data/DataProvider';
import { useRuntime } from '../RuntimeProvider';
import type { ScreenProps } from '../screen/createScreenRegistry';
import { useErrorText } from '../useFeedback';
import { loadChildren, treeSettings } from './treeNodes';

type Node = DataNode & { key: string };

const toNode = (record: DataRecord, labelField: string | undefined): Node => ({ key: record.id, title: String(record[labelField ?? 'id'] ?? record.id) });

function withChildren(nodes: Node[], key: string, children: Node[]): Node[] {
  return nodes.map((node) => {
    if (node.key === key) return { ...node, children, isLeaf: children.length === 0 };
    return node.children ? { ...node, children: withChildren(node.children as Node[], key, children) } : node;
  });
}

/**
 * A tree of records (screen.kind 'tree', e.g. departments): the tree on the left, each level read
 * through the parent filter when it is opened; on the right the list of the selected node's children
 * (the roots before a selection), where children are added under the selected node.
 */
export function TreePage({ served, readOnly }: ScreenProps) {
  const runtime = useRuntime();
  const describe = useErrorText();
  const provider = runtime.dataProviderFor(served.model);
  const settings = useMemo(() => treeSettings(served), [served]);
  const [nodes, setNodes] = useState<Node[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [selected, setSelected] = useState<string | number>(settings.rootValue);
  const ListScreen = runtime.screenKinds.component('list');

  useEffect(() => {
    const controller = new AbortController();
    loadChildren(served, provider, settings.rootValue, controller.signal).then(
      (records) => setNodes(records.map((record) => toNode(record, settings.labelField))),
      (failure: unknown) => !controller.signal.aborted && setError(failure),
    );
    return () => controller.abort();
  }, [served, provider, settings]);

  const loadData = useCallback(
    async (node: { key: React.Key }) => {
      const key = String(node.key);
      const children = await loadChildren(served, provider, key);
      setNodes(
        (current) =>
          current &&
          withChildren(
            current,
            key,
            children.map((record) => toNode(record, settings.labelField)),
          ),
      );
    },
    [served, provider, settings],
  );

  const fixedFilters = useMemo<Record<string, FieldFilter>>(() => ({ [settings.parentField]: { op: 'eq', value: selected } }), [settings, selected]);
  const fixedValues = useMemo(() => ({ [settings.parentField]: selected }), [settings, selected]);

  if (error) return <Alert type="error" showIcon message={describe(error)} />;
  return (
    <Row gutter={16}>
      <Col xs={24} md={8} lg={6}>
        {nodes ? (
          <Tree<Node>
            treeData={nodes}
            loadData={loadData}
            selectedKeys={selected === settings.rootValue ? [] : [String(selected)]}
            onSelect={(keys) => setSelected(keys.length ? String(keys[0]) : settings.rootValue)}
            aria-label={served.model.id}
          />
        ) : (
          <Spin />
        )}
      </Col>
      <Col xs={24} md={16} lg={18}>
        <ListScreen key={String(selected)} served={served} fixedFilters={fixedFilters} fixedValues={fixedValues} readOnly={readOnly} />
      </Col>
    </Row>
  );
}
