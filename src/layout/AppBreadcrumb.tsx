import { Breadcrumb } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { DEFAULT_HOME_PATH } from '../app/constants';
import type { MenuNode } from '../session/types';

/** Spec 000 §2: starts with Home, then the menu entries down to the current page. */
export function AppBreadcrumb({ trail }: { trail: readonly MenuNode[] }) {
  const { t } = useTranslation();
  const items = [
    { key: 'home', title: <Link to={DEFAULT_HOME_PATH}>{t('breadcrumb.home')}</Link> },
    ...trail.map((node) => ({ key: node.path, title: node.meta.title })),
  ];
  return <Breadcrumb items={items} style={{ margin: '16px 0' }} />;
}
