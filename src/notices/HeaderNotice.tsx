import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, List, Popover, Tabs, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useAppServices } from '../app/AppServices';
import { USER_ANNOUNCEMENT_PATH } from '../app/constants';
import { useSession } from '../session/useSession';
import { AnnouncementDialog } from './AnnouncementDialog';
import { createNoticeApi, type NoticeItem } from './noticeApi';
import { ensureNoticeTexts, NOTICE_NAMESPACE } from './noticeTexts';
import { noticeOpening } from './openNotice';
import { PriorityTag } from './PriorityTag';
import { useNotices } from './useNotices';

/** Spec 000 §2: the notice popover is 300 px wide. */
const POPOVER_WIDTH = 300;

/**
 * The header notice bell (spec 000 §2, §4): a badge with the unread total, a 300 px popover with the
 * announcements and system messages tabs (title, priority tag, published time), 'view more' to
 * /isps/userAnnouncement. Opening an item marks it read and reloads the lists, then opens its page
 * (openType component) or the detail dialog.
 */
export function HeaderNotice() {
  const { http, i18n } = useAppServices();
  ensureNoticeTexts(i18n);
  const { t } = useTranslation(NOTICE_NAMESPACE);
  const navigate = useNavigate();
  const { token, userInfo } = useSession();
  const api = useMemo(() => createNoticeApi(http), [http]);
  const { notices, reload } = useNotices({ api, userId: userInfo?.id ?? null, token });
  const [open, setOpen] = useState(false);
  const [detail, setDetail] = useState<NoticeItem | null>(null);
  const total = notices.anntMsgTotal + notices.sysMsgTotal;

  const openItem = (item: NoticeItem) => {
    setOpen(false);
    api
      .markRead(item.id)
      .then(reload, () => undefined)
      .catch(() => undefined);
    const opening = noticeOpening(item);
    if (opening.kind === 'page') navigate(opening.to);
    else setDetail(item);
  };

  const list = (items: NoticeItem[]) => (
    <List
      size="small"
      dataSource={items}
      locale={{ emptyText: t('empty') }}
      style={{ maxHeight: 320, overflowY: 'auto' }}
      renderItem={(item) => (
        <List.Item key={item.id} style={{ cursor: 'pointer', padding: '8px 4px' }} onClick={() => openItem(item)} data-testid="notice-item">
          <List.Item.Meta
            title={
              <span style={{ display: 'flex', alignItems: 'center', gap: 4 }}>
                <Typography.Text ellipsis style={{ flex: 1, minWidth: 0 }} title={item.titile}>
                  {item.titile}
                </Typography.Text>
                <PriorityTag priority={item.priority} />
              </span>
            }
            description={t('publishedAt', { time: item.sendTime ?? '' })}
          />
        </List.Item>
      )}
    />
  );

  const content = (
    <div style={{ width: POPOVER_WIDTH }} data-testid="notice-popover">
      <Tabs
        centered
        size="small"
        items={[
          { key: 'annt', label: t('announcements', { count: notices.anntMsgTotal }), children: list(notices.anntMsgList) },
          { key: 'sys', label: t('systemMessages', { count: notices.sysMsgTotal }), children: list(notices.sysMsgList) },
        ]}
      />
      <div style={{ textAlign: 'center', borderTop: '1px solid rgba(5,5,5,0.06)', paddingTop: 8 }}>
        <Button
          type="dashed"
          block
          onClick={() => {
            setOpen(false);
            navigate(USER_ANNOUNCEMENT_PATH);
          }}
        >
          {t('viewMore')}
        </Button>
      </div>
    </div>
  );

  return (
    <>
      <Popover content={content} trigger="click" placement="bottomRight" open={open} onOpenChange={setOpen} arrow={{ pointAtCenter: true }}>
        <Button type="text" aria-label={t('bell')} data-testid="notice-bell">
          <Badge count={total} size="small" overflowCount={99} data-testid="notice-badge">
            <BellOutlined style={{ fontSize: 16 }} />
          </Badge>
        </Button>
      </Popover>
      <AnnouncementDialog item={detail} onClose={() => setDetail(null)} />
    </>
  );
}
