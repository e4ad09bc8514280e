import { useTranslation } from 'react-i18next';
import { ErrorResultPage } from './ErrorResultPage';

export function ServerErrorPage() {
  const { t } = useTranslation();
  return <ErrorResultPage status={500} text={t('errors.serverError')} />;
}
