import { Tabs } from 'antd';
import type { ReactNode } from 'react';
import type { ServedModel, TabDef } from '../../model/types';
import { modelText } from '../modelText';
import { useRenderText } from '../useRenderText';
import { ChildList, ChildTitle } from './ChildList';

export interface RecordTabsProps {
  served: ServedModel;
  parentId: string;
  /** detail mode: every tab is read-only */
  readOnly: boolean;
  /** the first tab, 基本信息: the record's own form */
  children?: ReactNode;
}

/** The record's form plus one tab per sub-record model (model.tabs), each a list filtered by the foreign key. */
export function RecordTabs({ served, parentId, readOnly, children }: RecordTabsProps) {
  const t = useRenderText();
  const tabs: TabDef[] = served.model.tabs ?? [];
  const items = [
    { key: 'basic', label: t('tabs.basic'), children },
    ...tabs.map((tab) => ({
      key: `${tab.model}:${tab.foreignKey}`,
      label: tab.title ? modelText(served, tab.title) : <ChildTitle modelId={tab.model} />,
      children: <ChildList tab={tab} parentId={parentId} readOnly={readOnly || Boolean(tab.readOnly)} />,
    })),
  ];
  return <Tabs items={items} />;
}
