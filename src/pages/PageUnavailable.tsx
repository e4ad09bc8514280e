import { Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** A menu entry whose component this build does not have: say so instead of crashing. */
export function PageUnavailable({ title, component }: { title: string; component: string }) {
  const { t } = useTranslation();
  return <Result status="warning" title={t('errors.pageUnavailable')} subTitle={t('errors.pageUnavailableDetail', { title, component: component || '—' })} />;
}
