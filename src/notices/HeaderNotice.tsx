import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, Popover, Spin, type PopoverProps } from 'antd';
import { Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useAppServices } from '../app/AppServices';
import { USER_ANNOUNCEMENT_PATH } from '../app/constants';
import { useSession } from '../session/useSession';
import { createNoticeApi, type NoticeItem } from './noticeApi';
import { ensureNoticeTexts, NOTICE_NAMESPACE } from './noticeTexts';
import { noticeOpening } from './openNotice';
import { useNotices } from './useNotices';
import { dialogFailure, lazyPart } from '../../runtime/render/lazyPart';

// what the bell opens loads on the first hover or click: every page shows the badge, few open the list
const loadPopover = () => import('./NoticePopoverContent');
const NoticePopoverContent = lazyPart(async () => (await loadPopover()).NoticePopoverContent);
const AnnouncementDialog = lazyPart(
  async () => (await import('./AnnouncementDialog')).AnnouncementDialog,
  dialogFailure((props) => props.onClose()),
);

/**
 * The popover shifts sideways to stay on screen: on a phone the bell sits too far left for 300 px aligned to its
 * right edge (at 375 px it began 81 px off screen). antd passes the object on to rc-trigger's overflow options,
 * where shiftX is one; its type names only adjustX/adjustY.
 */
const STAY_ON_SCREEN = { shiftX: true } as PopoverProps['autoAdjustOverflow'];

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

  const content = (
    <Suspense fallback={<Spin style={{ display: 'block', width: 300, padding: 24 }} />}>
      <NoticePopoverContent
        notices={notices}
        onOpenItem={openItem}
        onViewMore={() => {
          setOpen(false);
          navigate(USER_ANNOUNCEMENT_PATH);
        }}
      />
    </Suspense>
  );

  return (
    <>
      <Popover
        content={content}
        trigger="click"
        placement="bottomRight"
        autoAdjustOverflow={STAY_ON_SCREEN}
        open={open}
        onOpenChange={setOpen}
        arrow={{ pointAtCenter: true }}
      >
        <Button type="text" aria-label={t('bell')} data-testid="notice-bell" onMouseEnter={() => void loadPopover().catch(() => undefined)}>
          <Badge count={total} size="small" overflowCount={99} data-testid="notice-badge">
            <BellOutlined style={{ fontSize: 16 }} />
          </Badge>
        </Button>
      </Popover>
      {detail && (
        <Suspense fallback={null}>
          <AnnouncementDialog item={detail} onClose={() => setDetail(null)} />
        </Suspense>
      )}
    </>
  );
}
