import { useTranslation } from 'react-i18next';
import { ErrorResultPage } from './ErrorResultPage';

export function ForbiddenPage() {
  const { t } = useTranslation();
  return <ErrorResultPage status={403} text={t('errors.forbidden')} />;
}
