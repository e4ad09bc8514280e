import { QRCode } from 'antd';
import { useTranslation } from 'react-i18next';
import { appDownloadUrl } from './userLayoutConfig';

/** Spec 000 §2 user layout: a QR code linking to the app download page, 'scan to download the app'. */
export function AppDownloadQr() {
  const { t } = useTranslation();
  const url = appDownloadUrl(import.meta.env.VITE_QR_BASE_URL, window.location.origin);
  return (
    <figure style={{ margin: 0, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 8 }} aria-label={t('product.appDownload')}>
      <QRCode value={url} size={112} type="svg" bordered={false} style={{ background: '#fff' }} />
      <figcaption style={{ color: 'rgba(0,0,0,0.45)', fontSize: 13 }}>{t('product.appDownload')}</figcaption>
    </figure>
  );
}
