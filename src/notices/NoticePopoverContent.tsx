import { Button, List, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { NoticeItem, UnreadNotices } from './noticeApi';
import { NOTICE_NAMESPACE } from './noticeTexts';
import { PriorityTag } from './PriorityTag';

/** Spec 000 §2: the notice popover is 300 px wide. */
const POPOVER_WIDTH = 300;

export interface NoticePopoverContentProps {
  notices: UnreadNotices;
  onOpenItem(item: NoticeItem): void;
  onViewMore(): void;
}

/**
 * The bell's popover (spec 000 §2): the announcements and system messages tabs (title, priority tag, published
 * time) and 'view more'. Loaded when the bell is first opened or hovered, not with every page.
 */
export function NoticePopoverContent({ notices, onOpenItem, onViewMore }: NoticePopoverContentProps) {
  const { t } = useTranslation(NOTICE_NAMESPACE);
  const list = (items: NoticeItem[]) => (
    <List
      size="small"
      dataSource={items}
      locale={{ emptyText: t('empty') }}
      style={{ maxHeight: 320, overflowY: 'auto' }}
      renderItem={(item) => (
        <List.Item key={item.id} style={{ cursor: 'pointer', padding: '8px 4px' }} onClick={() => onOpenItem(item)} data-testid="notice-item">
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

  return (
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
        <Button type="dashed" block onClick={onViewMore}>
          {t('viewMore')}
        </Button>
      </div>
    </div>
  );
}
