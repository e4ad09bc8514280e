import { Button, Card, Col, Result, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useAppServices } from '../app/AppServices';
import { DEFAULT_HOME_PATH, LOGIN_PATH, PRIMARY_COLOR } from '../app/constants';
import { usePageTitle } from '../app/usePageTitle';
import { MenuIcon } from '../menu/menuIcons';
import { topLevelChoices } from '../menu/topLevelChoices';
import { safeRedirectTarget } from '../routing/loginPathWithRedirect';
import { logout } from '../session/logout';
import { useSession } from '../session/useSession';
import { Logo } from './Logo';

/** Spec 000 §2 /menuList: the top-level menus; the choice (stored locally) selects the routed subtree. */
export function MenuListPage() {
  const { t } = useTranslation();
  const { http, session } = useAppServices();
  const { menu, topMenuId } = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // the home-icon target: the product name alone, like the home page
  usePageTitle(null);

  const choices = topLevelChoices(menu ?? []);
  const choose = (id: string) => {
    session.chooseTopMenu(id);
    navigate(safeRedirectTarget(params.get('redirect')) ?? DEFAULT_HOME_PATH);
  };
  const signOut = async () => {
    await logout(http, session);
    navigate(LOGIN_PATH, { replace: true });
  };

  return (
    <div style={{ minHeight: '100vh', background: '#f0f2f5', padding: '32px 24px' }}>
      <div style={{ maxWidth: 1080, margin: '0 auto' }}>
        <div style={{ display: 'flex', alignItems: 'center', gap: 12, marginBottom: 24 }}>
          <Logo size={36} />
          <Typography.Title level={3} style={{ margin: 0, flex: 1 }}>
            {t('product.name')}
          </Typography.Title>
          <Button onClick={() => void signOut()}>{t('menuList.logout')}</Button>
        </div>
        {choices.length === 0 ? (
          <Result status="info" title={t('menuList.empty')} />
        ) : (
          <>
            <Typography.Paragraph type="secondary">{t('menuList.title')}</Typography.Paragraph>
            <Row gutter={[16, 16]}>
              {choices.map((node) => (
                <Col key={node.id} xs={24} sm={12} md={8} lg={6}>
                  <Card
                    hoverable
                    role="button"
                    tabIndex={0}
                    onClick={() => choose(node.id)}
                    onKeyDown={(e) => e.key === 'Enter' && choose(node.id)}
                    style={node.id === topMenuId ? { borderColor: PRIMARY_COLOR } : undefined}
                  >
                    <Card.Meta avatar={<MenuIcon name={node.meta.icon} />} title={node.meta.title} />
                  </Card>
                </Col>
              ))}
            </Row>
          </>
        )}
      </div>
    </div>
  );
}
