import { Breadcrumb } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { DEFAULT_HOME_PATH } from '../app/constants';
import type { MenuNode } from '../session/types';

/**
 * Spec 000 §2: starts with Home, then the menu entries down to the current page. A fixed page that is no
 * menu entry (/isps/userAnnouncement) names itself through `page`.
 */
export function AppBreadcrumb({ trail, page = null }: { trail: readonly MenuNode[]; page?: string | null }) {
  const { t } = useTranslation();
  const items = [
    { key: 'home', title: <Link to={DEFAULT_HOME_PATH}>{t('breadcrumb.home')}</Link> },
    ...trail.map((node) => ({ key: node.path, title: node.meta.title })),
    ...(trail.length === 0 && page ? [{ key: 'page', title: page }] : []),
  ];
  return <Breadcrumb items={items} style={{ margin: '16px 0' }} />;
}
