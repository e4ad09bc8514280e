import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { OptionalPart } from '../app/OptionalPart';
import { LanguageLinks } from '../i18n/LanguageLinks';
import { Logo } from './Logo';
import { RECORD_FILING_LINK, recordFilingNumber } from './userLayoutConfig';

// antd's QRCode is not part of the sign-in chunk: it loads once the form is up
const AppDownloadQr = lazy(async () => ({ default: (await import('./AppDownloadQr')).AppDownloadQr }));
const QR_BLOCK_HEIGHT = 148;

/** true once the browser is idle after the first paint (at most a second later) */
function useAfterFirstPaint(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(() => setReady(true), { timeout: 1000 });
      return () => window.cancelIdleCallback(id);
    }
    const timer = window.setTimeout(() => setReady(true), 200);
    return () => window.clearTimeout(timer);
  }, []);
  return ready;
}

/**
 * Spec 000 §2 "User layout": logo and product name, the page, a QR code to the app download page ('scan to
 * download the app') and the record-filing footer. Plain elements where antd would add weight (Typography
 * pulls tooltips and copy-to-clipboard into the sign-in chunk). The page comes as children (the router passes
 * an <Outlet />), so that the sign-in screen needs no router.
 */
export function UserLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const showQr = useAfterFirstPaint();
  const filing = recordFilingNumber(import.meta.env.VITE_RECORD_FILING);
  const placeholder = <div style={{ height: QR_BLOCK_HEIGHT }} />;
  return (
    <div style={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', background: '#f0f2f5' }}>
      <div style={{ display: 'flex', justifyContent: 'flex-end', padding: '12px 24px' }}>
        <LanguageLinks />
      </div>
      <main style={{ flex: 1, display: 'flex', flexDirection: 'column', alignItems: 'center', paddingTop: '8vh' }}>
        <div style={{ display: 'flex', alignItems: 'center', gap: 12, marginBottom: 32 }}>
          <Logo size={44} />
          <h1 style={{ margin: 0, fontSize: 30, fontWeight: 600, color: 'rgba(0,0,0,0.88)' }}>{t('product.name')}</h1>
        </div>
        <div style={{ width: 368, maxWidth: 'calc(100vw - 32px)' }}>{children}</div>
        <div style={{ marginTop: 24, minHeight: QR_BLOCK_HEIGHT }}>
          {showQr ? (
            <OptionalPart fallback={placeholder}>
              <Suspense fallback={placeholder}>
                <AppDownloadQr />
              </Suspense>
            </OptionalPart>
          ) : (
            placeholder
          )}
        </div>
      </main>
      <footer style={{ padding: '24px 16px', textAlign: 'center', color: 'rgba(0,0,0,0.45)' }}>
        <div>{t('product.copyright', { year: new Date().getFullYear() })}</div>
        {filing && (
          <a href={RECORD_FILING_LINK} target="_blank" rel="noopener noreferrer" title={t('product.recordFilingTitle')} style={{ color: 'inherit' }}>
            {filing}
          </a>
        )}
      </footer>
    </div>
  );
}
