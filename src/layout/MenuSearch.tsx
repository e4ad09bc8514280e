import { SearchOutlined } from '@ant-design/icons';
import { Select } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useAppServices } from '../app/AppServices';
import { openMenuNode } from '../menu/openMenuNode';
import { searchableMenuEntries } from '../menu/searchableMenuEntries';
import type { MenuNode } from '../session/types';

/** The header's menu search: type part of a menu title, pick an entry, go there. */
export function MenuSearch({ nodes, width = 200 }: { nodes: readonly MenuNode[]; width?: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { session } = useAppServices();
  const [value, setValue] = useState<string | null>(null);
  const entries = useMemo(() => searchableMenuEntries(nodes), [nodes]);
  const options = useMemo(() => entries.map((entry) => ({ value: entry.node.id, label: entry.trail.join(' / '), title: entry.node.meta.title })), [entries]);

  return (
    <Select
      showSearch
      allowClear
      aria-label={t('header.menuSearch')}
      placeholder={t('header.menuSearch')}
      suffixIcon={<SearchOutlined />}
      value={value}
      style={{ width, maxWidth: '40vw' }}
      options={options}
      optionFilterProp="label"
      notFoundContent={t('header.menuSearchEmpty')}
      onChange={(id: string | undefined) => {
        const entry = entries.find((e) => e.node.id === id);
        setValue(null);
        if (entry) openMenuNode(entry.node, session.state.token, navigate);
      }}
    />
  );
}
