import { Button, Card, Form, Input, Space, Table, Tag } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppServices } from '../app/AppServices';
import { AnnouncementDialog } from './AnnouncementDialog';
import { createNoticeApi, type NoticeItem, type NoticePage } from './noticeApi';
import { ensureNoticeTexts, NOTICE_NAMESPACE } from './noticeTexts';
import { PriorityTag } from './PriorityTag';

const PAGE_SIZES = [10, 20, 30];

/**
 * /isps/userAnnouncement (spec 000 §2 "my announcements", opened from the bell's 'view more'): every
 * announcement the user may see, read or not, newest first; viewing one marks it read.
 */
export function MyAnnouncementsPage() {
  const { http, i18n } = useAppServices();
  ensureNoticeTexts(i18n);
  const { t } = useTranslation(NOTICE_NAMESPACE);
  const api = useMemo(() => createNoticeApi(http), [http]);
  const [query, setQuery] = useState({ pageNo: 1, pageSize: PAGE_SIZES[0]!, titile: '' });
  const [page, setPage] = useState<NoticePage | null>(null);
  const [loading, setLoading] = useState(false);
  const [detail, setDetail] = useState<NoticeItem | null>(null);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      setPage(await api.mine({ pageNo: query.pageNo, pageSize: query.pageSize, ...(query.titile ? { titile: query.titile } : {}) }));
    } catch {
      // the http client has shown the reason
    } finally {
      setLoading(false);
    }
  }, [api, query]);

  useEffect(() => void load(), [load]);

  const view = (item: NoticeItem) => {
    setDetail(item);
    if (item.readFlag !== '1') api.markRead(item.id).then(load, () => undefined);
  };

  return (
    <Card title={t('myTitle')}>
      <Form
        layout="inline"
        onFinish={(values: { titile?: string }) => setQuery((q) => ({ ...q, pageNo: 1, titile: values.titile?.trim() ?? '' }))}
        style={{ marginBottom: 16, rowGap: 8 }}
      >
        <Form.Item name="titile" label={t('title')}>
          <Input allowClear maxLength={100} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('search')}
          </Button>
          <Button htmlType="reset" onClick={() => setQuery((q) => ({ ...q, pageNo: 1, titile: '' }))}>
            {t('reset')}
          </Button>
          <Button onClick={() => api.readAll().then(load, () => undefined)}>{t('readAll')}</Button>
        </Space>
      </Form>
      <Table<NoticeItem>
        rowKey="id"
        size="middle"
        loading={loading}
        dataSource={page?.records ?? []}
        scroll={{ x: 'max-content' }}
        columns={[
          { key: 'titile', title: t('title'), dataIndex: 'titile', ellipsis: true },
          { key: 'msgCategory', title: t('category'), dataIndex: 'msgCategory', render: (value: string) => t(`categories.${value}`, { defaultValue: value }) },
          { key: 'sender', title: t('sender'), dataIndex: 'sender' },
          { key: 'sendTime', title: t('sendTime'), dataIndex: 'sendTime' },
          { key: 'priority', title: t('priorityLabel'), dataIndex: 'priority', render: (value: string) => <PriorityTag priority={value} /> },
          {
            key: 'readFlag',
            title: t('readState'),
            dataIndex: 'readFlag',
            render: (value: string) => (value === '1' ? <Tag>{t('read')}</Tag> : <Tag color="red">{t('unread')}</Tag>),
          },
          {
            key: 'actions',
            title: t('actions'),
            render: (_: unknown, item: NoticeItem) => (
              <Button type="link" size="small" onClick={() => view(item)}>
                {t('view')}
              </Button>
            ),
          },
        ]}
        pagination={{
          current: query.pageNo,
          pageSize: query.pageSize,
          total: page?.total ?? 0,
          pageSizeOptions: PAGE_SIZES,
          showSizeChanger: true,
          showQuickJumper: true,
          showTotal: (total) => t('total', { total }),
          onChange: (pageNo, pageSize) => setQuery((q) => ({ ...q, pageNo, pageSize })),
        }}
      />
      <AnnouncementDialog item={detail} onClose={() => setDetail(null)} />
    </Card>
  );
}
