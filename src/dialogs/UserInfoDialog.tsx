import { Descriptions, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../session/useSession';

/** The header's "personal information": who is signed in, and in which department. */
export function UserInfoDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const { userInfo, departs } = useSession();
  const depart = departs.find((d) => d.orgCode === userInfo?.orgCode);
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : t('common.none'));
  return (
    <Modal open title={t('userInfo.title')} onCancel={onClose} footer={null} maskClosable={false} destroyOnHidden>
      <Descriptions
        column={1}
        bordered
        size="small"
        items={[
          { key: 'username', label: t('userInfo.username'), children: text(userInfo?.username) },
          { key: 'realname', label: t('userInfo.realname'), children: text(userInfo?.realname) },
          { key: 'depart', label: t('userInfo.depart'), children: text(depart?.departName) },
          { key: 'phone', label: t('userInfo.phone'), children: text(userInfo?.phone) },
          { key: 'email', label: t('userInfo.email'), children: text(userInfo?.email) },
        ]}
      />
    </Modal>
  );
}
