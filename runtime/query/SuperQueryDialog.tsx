import { DeleteOutlined, MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Col, Empty, Input, List, Modal, Row, Select, Space } from 'antd';
import { useMemo, useState } from 'react';
import type { ServedModel } from '../model/types';
import { useLazyNamespace } from '../render/useLazyNamespace';
import { useRenderText } from '../render/useRenderText';
import { QUERY_NAMESPACE, queryResources } from './i18n';
import { queryFields } from './queryFields';
import { buildQuery, newLine, toLines, type MatchType, type QueryLine, type SuperQuery } from './queryLines';
import { defaultRule, rulesFor } from './queryRules';
import { QueryValueInput } from './QueryValueInput';
import { createSavedQueries, type QueryStorage, type SavedQuery } from './savedQueries';

export interface SuperQueryDialogProps {
  served: ServedModel;
  open: boolean;
  /** the query in force, edited again when the dialog opens */
  active?: SuperQuery;
  /** a query to run; null: reset (spec 000 §4: reset clears the active flag and emits an empty query) */
  onQuery(query: SuperQuery | null): void;
  onClose(): void;
  /** default: window.localStorage */
  storage?: QueryStorage;
}

const WIDTH = 1000; // spec 000 §9: the advanced query modal

/**
 * The advanced query builder (spec 000 §4/§5): lines of field, rule and value combined by AND or OR,
 * the empty-condition warnings, and queries saved in local storage under the model's id.
 */
export default function SuperQueryDialog({ served, open, active, onQuery, onClose, storage }: SuperQueryDialogProps) {
  const t = useLazyNamespace(QUERY_NAMESPACE, queryResources);
  const renderT = useRenderText();
  const { message, modal } = App.useApp();
  const fields = useMemo(() => queryFields(served, renderT), [served, renderT]);
  const byName = useMemo(() => new Map(fields.map((f) => [f.name, f])), [fields]);
  const [lines, setLines] = useState<QueryLine[]>(() => toLines(active));
  const [matchType, setMatchType] = useState<MatchType>(active?.matchType ?? 'and');
  const store = useMemo(() => createSavedQueries(storage ?? window.localStorage, served.model.id), [storage, served.model.id]);
  const [saved, setSaved] = useState<SavedQuery[]>(() => store.list());
  const [saveName, setSaveName] = useState('');

  const update = (key: string, change: Partial<QueryLine>) => setLines((all) => all.map((line) => (line.key === key ? { ...line, ...change } : line)));
  const chooseField = (key: string, name: string | undefined) =>
    update(key, { field: name, rule: defaultRule(name ? byName.get(name) : undefined), val: null });
  const addAfter = (key: string) =>
    setLines((all) => {
      const at = all.findIndex((l) => l.key === key);
      return [...all.slice(0, at + 1), newLine(), ...all.slice(at + 1)];
    });
  const remove = (key: string) => setLines((all) => (all.length > 1 ? all.filter((l) => l.key !== key) : [newLine()]));

  const runQuery = () => {
    const query = buildQuery(lines, matchType);
    if (!query) return void message.warning(t('problem.emptyQuery'));
    onQuery(query);
  };
  const reset = () => {
    setLines([newLine()]);
    setMatchType('and');
    onQuery(null);
  };
  const save = () => {
    const query = buildQuery(lines, matchType);
    if (!query) return void message.warning(t('problem.emptySave'));
    const title = saveName.trim();
    if (!title) return void message.warning(t('problem.emptySaveName'));
    const write = () => {
      setSaved(store.save(title, query));
      setSaveName('');
      void message.success(t('savedOk'));
    };
    if (!store.has(title)) return write();
    void modal.confirm({ title: t('problem.overwrite', { title }), okText: renderT('action.ok'), cancelText: renderT('action.cancel'), onOk: write });
  };
  const load = (query: SavedQuery) => {
    setLines(toLines({ matchType: query.matchType, conditions: query.records }));
    setMatchType(query.matchType);
  };

  return (
    <Modal
      title={t('title')}
      open={open}
      width={WIDTH}
      maskClosable={false}
      onCancel={onClose}
      footer={
        <Space>
          <Button onClick={reset}>{t('reset')}</Button>
          <Button onClick={onClose}>{t('close')}</Button>
          <Button type="primary" onClick={runQuery}>
            {t('query')}
          </Button>
        </Space>
      }
    >
      <Row gutter={16}>
        <Col span={17}>
          <Space style={{ marginBottom: 12 }}>
            <span>{t('matchType')}</span>
            <Select<MatchType>
              aria-label={t('matchType')}
              style={{ width: 260 }}
              value={matchType}
              onChange={setMatchType}
              options={[
                { value: 'and', label: t('and') },
                { value: 'or', label: t('or') },
              ]}
            />
          </Space>
          {lines.map((line) => {
            const field = line.field ? byName.get(line.field) : undefined;
            return (
              <Row key={line.key} gutter={8} style={{ marginBottom: 8 }} data-testid="super-query-line">
                <Col span={7}>
                  <Select
                    aria-label={t('field')}
                    style={{ width: '100%' }}
                    placeholder={t('field')}
                    showSearch
                    optionFilterProp="label"
                    allowClear
                    value={line.field}
                    options={fields.map((f) => ({ value: f.name, label: f.label }))}
                    onChange={(name: string | undefined) => chooseField(line.key, name)}
                  />
                </Col>
                <Col span={5}>
                  <Select
                    aria-label={t('rule')}
                    style={{ width: '100%' }}
                    placeholder={t('rule')}
                    value={line.rule}
                    options={rulesFor(field).map((rule) => ({ value: rule, label: t(`rules.${rule}`) }))}
                    onChange={(rule) => update(line.key, { rule, val: rule === 'in' || line.rule === 'in' ? null : line.val })}
                  />
                </Col>
                <Col span={8}>
                  <QueryValueInput field={field} rule={line.rule} value={line.val} onChange={(val) => update(line.key, { val })} t={t} />
                </Col>
                <Col span={4}>
                  <Space size={4}>
                    <Button aria-label={t('addLine')} icon={<PlusOutlined />} onClick={() => addAfter(line.key)} />
                    <Button aria-label={t('removeLine')} icon={<MinusCircleOutlined />} onClick={() => remove(line.key)} />
                  </Space>
                </Col>
              </Row>
            );
          })}
        </Col>
        <Col span={7}>
          <Space.Compact style={{ width: '100%', marginBottom: 8 }}>
            <Input aria-label={t('saveName')} placeholder={t('saveName')} value={saveName} onChange={(e) => setSaveName(e.target.value)} />
            <Button onClick={save}>{t('save')}</Button>
          </Space.Compact>
          <List
            size="small"
            header={t('saved')}
            bordered
            dataSource={saved}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noSaved')} /> }}
            renderItem={(query) => (
              <List.Item
                actions={[
                  <Button
                    key="remove"
                    type="text"
                    size="small"
                    aria-label={t('removeSaved')}
                    icon={<DeleteOutlined />}
                    onClick={() => setSaved(store.remove(query.title))}
                  />,
                ]}
              >
                <Button type="link" size="small" onClick={() => load(query)}>
                  {query.title}
                </Button>
              </List.Item>
            )}
          />
        </Col>
      </Row>
    </Modal>
  );
}
