import { useTranslation } from 'react-i18next';
import { PlainButton } from '../plain/PlainButton';

/**
 * When a route itself fails (typically a lazy chunk that no longer exists after a deploy). Without antd: it
 * is also the sign-in screen's fallback, which renders before antd loads, and it must show when antd's chunk
 * is the one that failed.
 */
export function RouteErrorPage() {
  const { t } = useTranslation();
  return (
    <div role="alert" style={{ padding: 48, textAlign: 'center' }}>
      <p>{t('errors.appLoadFailed')}</p>
      <PlainButton kind="primary" onClick={() => window.location.reload()}>
        {t('common.reload')}
      </PlainButton>
    </div>
  );
}
