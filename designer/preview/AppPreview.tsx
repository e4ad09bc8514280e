import { Card, Empty, Input, List, Spin, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppPreviewAnswer, DesignApi, DesignRow } from '../persistence/designApi';

const PHONE_WIDTH = 375;

function shown(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/**
 * The released screen as the app shows it on a phone (OnlineDev App/Preview): its records as cards from
 * the real list, the search, and the form in one column. Only a released design has one.
 */
export function AppPreview({ api, row }: { api: DesignApi; row: DesignRow }) {
  const { t } = useTranslation('designerApp');
  const [layout, setLayout] = useState<AppPreviewAnswer | null>(null);
  const [records, setRecords] = useState<Record<string, unknown>[]>([]);
  const [failed, setFailed] = useState(false);
  const released = row.state === 1;
  useEffect(() => {
    if (!released) return;
    Promise.all([api.appPreview(row.enCode), api.appRecords(row.enCode)])
      .then(([l, r]) => {
        setLayout(l);
        setRecords(r);
      })
      .catch(() => setFailed(true));
  }, [api, released, row.enCode, row.releasedVersion]);
  if (!released) return <Empty description={t('app.releaseFirst')} />;
  if (failed) return <Empty />;
  if (!layout) return <Spin />;
  return (
    <div style={{ display: 'flex', gap: 24, alignItems: 'flex-start' }}>
      <div
        data-testid="app-preview"
        style={{ width: PHONE_WIDTH, border: '8px solid #222', borderRadius: 24, padding: 12, minHeight: 560, background: '#f5f5f5' }}
      >
        <Typography.Title level={5} style={{ textAlign: 'center' }}>
          {layout.fullName}
        </Typography.Title>
        {layout.keyword || layout.search.length > 0 ? (
          <Input.Search
            disabled
            placeholder={[layout.keyword ? t('app.keyword') : null, ...layout.search.map((s) => s.label)].filter(Boolean).join(' / ')}
            style={{ marginBottom: 8 }}
          />
        ) : null}
        <List
          dataSource={records}
          locale={{ emptyText: t('app.noRecords') }}
          renderItem={(record) => (
            <Card size="small" style={{ marginBottom: 8 }} title={layout.card.title ? shown(record[layout.card.title.field]) : shown(record.id)}>
              {layout.card.fields.map((f) => (
                <div key={f.field}>
                  <Typography.Text type="secondary">{f.label}：</Typography.Text>
                  {shown(record[`${f.field}_dictText`] ?? record[f.field])}
                </div>
              ))}
            </Card>
          )}
        />
      </div>
      <div style={{ width: PHONE_WIDTH, border: '8px solid #222', borderRadius: 24, padding: 12, minHeight: 560, background: '#fff' }}>
        <Typography.Title level={5} style={{ textAlign: 'center' }}>
          {t('app.form')}
        </Typography.Title>
        {layout.form.map((f) => (
          <div key={f.field} style={{ borderBottom: '1px solid #f0f0f0', padding: '8px 0' }}>
            {f.required ? <Typography.Text type="danger">* </Typography.Text> : null}
            {f.label} <Tag>{f.widget ?? f.type}</Tag>
          </div>
        ))}
        {layout.tabs.map((tab) => (
          <Tag key={tab.model} color="blue" style={{ marginTop: 8 }}>
            {tab.title}
          </Tag>
        ))}
      </div>
    </div>
  );
}
