import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { DEFAULT_HOME_PATH } from '../app/constants';
import { Logo } from '../pages/Logo';

/**
 * The logo and product name, linking to the dashboard (spec 000 §2). The mark never shrinks; a name longer
 * than the sidebar's 208 px (English: Cloud Digital Laboratory) takes a second line instead of being cut;
 * folded, only the mark shows.
 */
export function AppLogo({ collapsed = false, dark = false, minWidth }: { collapsed?: boolean; dark?: boolean; minWidth?: number }) {
  const { t } = useTranslation();
  const name = t('product.name');
  return (
    <Link
      to={DEFAULT_HOME_PATH}
      aria-label={name}
      title={name}
      style={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: collapsed ? 'center' : 'flex-start',
        gap: 8,
        height: 64,
        padding: collapsed ? 0 : '0 16px',
        overflow: 'hidden',
        minWidth,
        flexShrink: 0,
      }}
    >
      <span style={{ display: 'inline-flex', flexShrink: 0 }}>
        <Logo size={32} />
      </span>
      {!collapsed && (
        <strong style={{ color: dark ? '#fff' : 'rgba(0,0,0,0.88)', fontSize: 16, lineHeight: 1.25, minWidth: 0, overflowWrap: 'anywhere' }}>{name}</strong>
      )}
    </Link>
  );
}
