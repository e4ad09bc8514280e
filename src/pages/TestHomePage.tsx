import { Button, Card, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { DEFAULT_HOME_PATH } from '../app/constants';
import { usePageTitle } from '../app/usePageTitle';

/** /test/home (spec 000 §2 "/test redirects to /test/home"): the demo page, showing the error pages 403/404/500. */
export function TestHomePage() {
  const { t } = useTranslation();
  usePageTitle(t('testHome.title'));
  return (
    <div style={{ padding: 24 }}>
      <Card title={t('testHome.title')}>
        <p>{t('testHome.errorPages')}</p>
        <Space wrap>
          <Link to="/403">403</Link>
          <Link to="/404">404</Link>
          <Link to="/500">500</Link>
          <Link to={DEFAULT_HOME_PATH}>
            <Button type="link">{t('common.backHome')}</Button>
          </Link>
        </Space>
      </Card>
    </div>
  );
}
