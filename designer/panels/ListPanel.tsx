import { Checkbox, Form, InputNumber, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ColumnItem, ListActionItem, ModelFile } from '../../runtime/model/types';

const BUILT_IN_ACTIONS = ['add', 'edit', 'detail', 'delete', 'deleteBatch', 'superQuery'] as const;
type SearchEntry = string | { field: string; mode?: 'eq' | 'like' | 'range' };

const nameOf = (item: ColumnItem | SearchEntry) => (typeof item === 'string' ? item : item.field);

/** The list screen of the model: columns (with sorters), search fields and how they match, buttons, paging and the default sort. */
export function ListPanel({ model, change }: { model: ModelFile; change(edit: (m: ModelFile) => ModelFile): void }) {
  const { t } = useTranslation('designerApp');
  const list = model.list ?? { columns: [] };
  const fields = Object.entries(model.entity.fields).map(([name, def]) => ({ value: name, label: `${def.label} (${name})` }));
  const setList = (patch: Partial<NonNullable<ModelFile['list']>>) => change((m) => ({ ...m, list: { ...(m.list ?? { columns: [] }), ...patch } }));
  const columns = list.columns;
  const search = (list.search ?? []) as SearchEntry[];
  const actions = list.actions ?? [];
  const customActions = actions.filter((a) => typeof a !== 'string');
  const sort = model.entity.defaultSort;
  // version 10: page false is an unpaged list (every row up to the server's cap, in a scroll area)
  const unpaged = list.page === false;
  const paging = list.page || {};
  return (
    <Form layout="vertical" data-testid="list-panel" style={{ maxWidth: 720 }}>
      <Form.Item label={t('list.columns')}>
        <Select
          mode="multiple"
          aria-label={t('list.columns')}
          value={columns.map(nameOf)}
          options={fields}
          onChange={(names: string[]) => setList({ columns: names.map((n) => columns.find((c) => nameOf(c) === n) ?? n) })}
        />
      </Form.Item>
      <Form.Item label={t('list.sorter')}>
        <Checkbox.Group
          value={columns.filter((c) => typeof c !== 'string' && c.sorter).map(nameOf)}
          options={columns.map((c) => ({ value: nameOf(c), label: model.entity.fields[nameOf(c)]?.label ?? nameOf(c) }))}
          onChange={(sorted) =>
            setList({
              columns: columns.map((c) => {
                const on = sorted.includes(nameOf(c));
                const { sorter: _s, ...rest } = typeof c === 'string' ? { field: c } : c;
                const next = on ? { ...rest, sorter: true } : rest;
                return Object.keys(next).length === 1 ? next.field : next;
              }),
            })
          }
        />
      </Form.Item>
      <Form.Item label={t('list.search')}>
        <Select
          mode="multiple"
          aria-label={t('list.search')}
          value={search.map(nameOf)}
          options={[{ value: 'keyword', label: 'keyword' }, ...fields]}
          onChange={(names: string[]) =>
            setList({ search: names.map((n) => search.find((s) => nameOf(s) === n) ?? (n === 'keyword' ? n : { field: n, mode: 'eq' as const })) })
          }
        />
      </Form.Item>
      {search
        .filter((s) => nameOf(s) !== 'keyword')
        .map((s) => (
          <Form.Item key={nameOf(s)} label={`${t('list.searchMode')}: ${model.entity.fields[nameOf(s)]?.label ?? nameOf(s)}`}>
            <Select
              value={typeof s === 'string' ? 'like' : (s.mode ?? 'like')}
              options={['eq', 'like', 'range'].map((v) => ({ value: v, label: v }))}
              onChange={(mode: 'eq' | 'like' | 'range') => setList({ search: search.map((x) => (nameOf(x) === nameOf(s) ? { field: nameOf(s), mode } : x)) })}
            />
          </Form.Item>
        ))}
      <Form.Item label={t('list.actions')}>
        <Checkbox.Group
          value={actions.filter((a) => typeof a === 'string')}
          options={BUILT_IN_ACTIONS.map((a) => ({ value: a, label: a }))}
          onChange={(picked) => setList({ actions: [...(picked as ListActionItem[]), ...customActions] })}
        />
      </Form.Item>
      <Space>
        <Form.Item label={t('list.unpaged')}>
          <Checkbox checked={unpaged} onChange={(e) => setList({ page: e.target.checked ? false : {} })} />
        </Form.Item>
        <Form.Item label={t('list.pageSize')}>
          <InputNumber
            min={1}
            max={500}
            disabled={unpaged}
            value={paging.size}
            onChange={(size) => setList({ page: { ...paging, size: size ?? undefined } })}
          />
        </Form.Item>
        <Form.Item label={t('list.pageSizes')}>
          <Select
            mode="tags"
            style={{ minWidth: 240 }}
            disabled={unpaged}
            value={(paging.sizes ?? []).map(String)}
            onChange={(sizes: string[]) => setList({ page: { ...paging, sizes: sizes.map(Number).filter((n) => Number.isInteger(n) && n > 0) } })}
          />
        </Form.Item>
        <Form.Item label={t('list.scrollHeight')}>
          <InputNumber min={100} max={2000} value={list.scrollHeight} onChange={(height) => setList({ scrollHeight: height ?? undefined })} />
        </Form.Item>
        <Form.Item label={t('list.rowLinks')} tooltip={t('list.rowLinksHelp')}>
          <InputNumber min={1} max={20} placeholder="3" value={list.rowLinks} onChange={(count) => setList({ rowLinks: count ?? undefined })} />
        </Form.Item>
      </Space>
      <Space>
        <Form.Item label={t('list.sortField')}>
          <Select
            allowClear
            style={{ minWidth: 200 }}
            value={sort?.field}
            options={fields}
            onChange={(field?: string) =>
              change((m) => {
                const { defaultSort: _d, ...entity } = m.entity;
                return { ...m, entity: field ? { ...entity, defaultSort: { field, order: sort?.order ?? 'desc' } } : entity };
              })
            }
          />
        </Form.Item>
        <Form.Item label={t('list.order')}>
          <Select
            disabled={!sort}
            value={sort?.order}
            options={[
              { value: 'asc', label: t('list.asc') },
              { value: 'desc', label: t('list.desc') },
            ]}
            onChange={(order: 'asc' | 'desc') => sort && change((m) => ({ ...m, entity: { ...m.entity, defaultSort: { field: sort.field, order } } }))}
          />
        </Form.Item>
      </Space>
    </Form>
  );
}
