import { LoadingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PRIMARY_COLOR } from './constants';

/** While a route loads. An icon rather than antd's Spin: the sign-in chunk already carries the icons. */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-label={t('common.loading')} style={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: '60vh' }}>
      <LoadingOutlined style={{ fontSize: 32, color: PRIMARY_COLOR }} />
    </div>
  );
}
