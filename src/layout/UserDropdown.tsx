import { DownOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown, type MenuProps } from 'antd';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useAppServices } from '../app/AppServices';
import { LOGIN_PATH } from '../app/constants';
import { logout } from '../session/logout';
import { reloadDictItems } from '../session/reloadDictItems';
import { useSession } from '../session/useSession';
import { PERSONAL_INFO_MODEL } from '../modules/staff/personalInfo';
import { dialogFailure, lazyPart } from '../../runtime/render/lazyPart';

const ChangePasswordDialog = lazyPart(
  async () => (await import('../dialogs/ChangePasswordDialog')).ChangePasswordDialog,
  dialogFailure((props) => props.onCancel?.()),
);
const DepartSelectDialog = lazyPart(
  async () => (await import('../dialogs/DepartSelectDialog')).DepartSelectDialog,
  dialogFailure((props) => props.onCancel?.()),
);
const RecordDialog = lazyPart(
  async () => (await import('../../runtime/render/form/RecordDialog')).RecordDialog,
  dialogFailure((props) => props.onClose()),
);

type Dialog = 'info' | 'password' | 'depart' | null;

/**
 * Spec 000 §2 header user dropdown: personal information (the staff dialog in personal mode on the
 * caller's own record), change password, clear cache, switch department, log out.
 */
export function UserDropdown({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const { http, session, feedback, i18n } = useAppServices();
  const { userInfo } = useSession();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<Dialog>(null);

  async function clearCache() {
    try {
      await http.get('/sys/dict/refleshCache', undefined, { silent: true });
      await reloadDictItems(http, session, i18n.language);
      feedback.toast('success', t('header.cacheCleared'));
    } catch {
      feedback.toast('error', t('header.cacheFailed'));
    }
  }

  function confirmLogout() {
    feedback.confirm({
      title: t('common.systemTip'),
      content: t('header.logoutConfirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await logout(http, session);
        navigate(LOGIN_PATH, { replace: true });
      },
    });
  }

  const items: MenuProps['items'] = [
    { key: 'info', label: t('header.userInfo') },
    { key: 'password', label: t('header.changePassword') },
    { key: 'cache', label: t('header.clearCache') },
    { key: 'depart', label: t('header.switchDepart') },
    { type: 'divider' },
    { key: 'logout', label: t('header.logout') },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'info' || key === 'password' || key === 'depart') setDialog(key);
    else if (key === 'cache') void clearCache();
    else if (key === 'logout') confirmLogout();
  };
  const close = () => setDialog(null);

  return (
    <>
      <Dropdown trigger={['click']} menu={{ items, onClick }}>
        <Button type="text" aria-label={t('header.userMenu')}>
          <Avatar size="small" icon={<UserOutlined />} />
          {!compact && <span>{userInfo?.realname || userInfo?.username}</span>}
          {!compact && <DownOutlined />}
        </Button>
      </Dropdown>
      <Suspense fallback={null}>
        {dialog === 'info' && userInfo && <RecordDialog modelId={PERSONAL_INFO_MODEL} recordId={userInfo.id} mode="self" onClose={close} />}
        {dialog === 'password' && <ChangePasswordDialog onDone={close} onCancel={close} />}
        {dialog === 'depart' && <DepartSelectDialog mode="switch" onDone={close} onCancel={close} />}
      </Suspense>
    </>
  );
}
