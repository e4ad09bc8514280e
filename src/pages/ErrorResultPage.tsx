import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { DEFAULT_HOME_PATH } from '../app/constants';
import { usePageTitle } from '../app/usePageTitle';

export function ErrorResultPage({ status, text }: { status: 403 | 404 | 500; text: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  usePageTitle(String(status));
  return (
    <Result
      status={status}
      title={status}
      subTitle={text}
      extra={
        <Button type="primary" onClick={() => navigate(DEFAULT_HOME_PATH)}>
          {t('common.backHome')}
        </Button>
      }
    />
  );
}
