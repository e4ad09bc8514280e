import { Dropdown, Tabs, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { BulkClose } from './pageTabs';
import type { PageTabs as PageTabsState } from './usePageTabs';

export interface PageTabsProps {
  state: PageTabsState;
  titleOf(key: string): string;
}

/** The tab bar: a click opens the tab's page, the cross closes it, the context menu refreshes or closes several. */
export function PageTabs({ state, titleOf }: PageTabsProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { tabs, activeKey } = state;

  const menuOf = (key: string): MenuProps => ({
    items: [
      { key: 'refresh', label: t('tabs.refresh') },
      { key: 'left', label: t('tabs.closeLeft') },
      { key: 'right', label: t('tabs.closeRight') },
      { key: 'others', label: t('tabs.closeOthers') },
    ],
    onClick: ({ key: action }) => {
      if (action === 'refresh') state.refresh(key);
      else state.closeMany(key, action as BulkClose);
    },
  });

  return (
    <Tabs
      className="cl-page-tabs"
      type="editable-card"
      hideAdd
      size="small"
      activeKey={activeKey}
      onChange={(key) => navigate(tabs.find((tab) => tab.key === key)?.to ?? key)}
      onEdit={(key, action) => action === 'remove' && typeof key === 'string' && state.close(key)}
      items={tabs.map((tab) => ({
        key: tab.key,
        label: (
          <Dropdown trigger={['contextMenu']} menu={menuOf(tab.key)}>
            <span data-tab-key={tab.key}>{titleOf(tab.key)}</span>
          </Dropdown>
        ),
      }))}
      style={{ marginBottom: 0 }}
      tabBarStyle={{ margin: 0, padding: '6px 16px 0', background: '#fff' }}
    />
  );
}
