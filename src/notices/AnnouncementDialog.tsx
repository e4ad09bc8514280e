import { Button, Descriptions, Modal } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { NoticeItem } from './noticeApi';
import { NOTICE_NAMESPACE } from './noticeTexts';
import { handleTarget } from './openNotice';
import { sanitizeHtml } from './sanitizeHtml';

export interface AnnouncementDialogProps {
  item: NoticeItem | null;
  onClose(): void;
}

/**
 * Spec 000 §2 announcement detail: title, sender, send time and the message content, with 'go and
 * handle' when openType is url (it navigates to openPage). The content is rich text from an
 * administrator: sanitised before it is shown.
 */
export function AnnouncementDialog({ item, onClose }: AnnouncementDialogProps) {
  const { t } = useTranslation(NOTICE_NAMESPACE);
  const navigate = useNavigate();
  const content = useMemo(() => sanitizeHtml(item?.msgContent ?? ''), [item]);
  const target = item?.openType === 'url' ? handleTarget(item.openPage) : null;
  const handle = () => {
    if (!target) return;
    onClose();
    if (target.kind === 'external') window.open(target.to, '_blank', 'noopener,noreferrer');
    else navigate(target.to);
  };
  return (
    <Modal
      open={item !== null}
      title={t('detailTitle')}
      width={800}
      maskClosable={false}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        target && (
          <Button key="handle" type="primary" onClick={handle}>
            {t('handle')}
          </Button>
        ),
        <Button key="close" onClick={onClose}>
          {t('close')}
        </Button>,
      ]}
    >
      {item && (
        <>
          <Descriptions
            column={1}
            size="small"
            items={[
              { key: 'title', label: t('title'), children: item.titile },
              { key: 'sender', label: t('sender'), children: item.sender ?? '' },
              { key: 'sendTime', label: t('sendTime'), children: item.sendTime ?? '' },
            ]}
          />
          <div
            data-testid="announcement-content"
            style={{ marginTop: 16, maxHeight: 420, overflow: 'auto', wordBreak: 'break-word' }}
            dangerouslySetInnerHTML={{ __html: content }}
          />
        </>
      )}
    </Modal>
  );
}
