import { Button } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * When a route itself fails (typically a lazy chunk that no longer exists after a deploy). Kept free of
 * antd's Result so its illustrations stay out of the sign-in chunk.
 */
export function RouteErrorPage() {
  const { t } = useTranslation();
  return (
    <div role="alert" style={{ padding: 48, textAlign: 'center' }}>
      <p>{t('errors.appLoadFailed')}</p>
      <Button type="primary" onClick={() => window.location.reload()}>
        {t('common.reload')}
      </Button>
    </div>
  );
}
