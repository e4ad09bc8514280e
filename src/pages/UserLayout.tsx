import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageLinks } from '../i18n/LanguageLinks';
import { Logo } from './Logo';

/**
 * Spec 000 §2 "User layout": logo and product name, the page, the footer. Plain elements where antd would
 * add weight (Typography pulls tooltips and copy-to-clipboard into the sign-in chunk). The page comes as
 * children (the router passes an <Outlet />), so that the sign-in screen needs no router.
 */
export function UserLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
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
      </main>
      <footer style={{ padding: '24px 16px', textAlign: 'center', color: 'rgba(0,0,0,0.45)' }}>
        {t('product.copyright', { year: new Date().getFullYear() })}
      </footer>
    </div>
  );
}
