import { Tabs, Typography } from 'antd';
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
  /** personal information: the caller's own record, whose sub-records they may see in detail without the tabs' permissions */
  own?: boolean;
  /** the first tab, 基本信息: the record's own form */
  children?: ReactNode;
}

/** Sub-record tabs in order, those naming the same group (论文 and 专利) gathered where the group first appears. */
export function groupTabs(tabs: readonly TabDef[]): { key: string; group?: string; tabs: TabDef[] }[] {
  const groups: { key: string; group?: string; tabs: TabDef[] }[] = [];
  for (const tab of tabs) {
    const same = tab.group === undefined ? undefined : groups.find((g) => g.group === tab.group);
    if (same) same.tabs.push(tab);
    else groups.push({ key: tab.group === undefined ? `${tab.model}:${tab.foreignKey}` : `group:${tab.group}`, group: tab.group, tabs: [tab] });
  }
  return groups;
}

/** The record's form plus one tab per sub-record model (model.tabs), each a list filtered by the foreign key. */
export function RecordTabs({ served, parentId, readOnly, own = false, children }: RecordTabsProps) {
  const t = useRenderText();
  const titleOf = (tab: TabDef) => (tab.title ? modelText(served, tab.title) : <ChildTitle modelId={tab.model} />);
  const listOf = (tab: TabDef) => <ChildList tab={tab} parentId={parentId} readOnly={readOnly || Boolean(tab.readOnly)} own={own} />;
  const items = [
    { key: 'basic', label: t('tabs.basic'), children },
    ...groupTabs(served.model.tabs ?? []).map(({ key, group, tabs }) => ({
      key,
      label: group ? modelText(served, group) : titleOf(tabs[0]!),
      children: group
        ? tabs.map((tab) => (
            <section key={`${tab.model}:${tab.foreignKey}`} aria-label={tab.title ? modelText(served, tab.title) : tab.model}>
              <Typography.Title level={5}>{titleOf(tab)}</Typography.Title>
              {listOf(tab)}
            </section>
          ))
        : listOf(tabs[0]!),
    })),
  ];
  return <Tabs items={items} />;
}
