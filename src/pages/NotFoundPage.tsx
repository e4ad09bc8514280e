import { useTranslation } from 'react-i18next';
import { ErrorResultPage } from './ErrorResultPage';

export function NotFoundPage() {
  const { t } = useTranslation();
  return <ErrorResultPage status={404} text={t('errors.notFound')} />;
}
