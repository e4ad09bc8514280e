import { Button, Space, Table, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DesignApi, DesignVersion, JsonChange } from '../persistence/designApi';

const KIND_COLOUR = { added: 'green', removed: 'red', changed: 'blue' } as const;

/** The saved versions of a design; the changes between one and the one before it. */
export function VersionsPanel({ api, designId, revision }: { api: DesignApi; designId: string; revision: number }) {
  const { t } = useTranslation('designerApp');
  const [versions, setVersions] = useState<DesignVersion[]>([]);
  const [diff, setDiff] = useState<{ version: number; changes: JsonChange[] } | null>(null);
  useEffect(() => {
    let live = true;
    api
      .versions(designId)
      .then((list) => live && setVersions(list))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [api, designId, revision]);
  const show = (value: unknown) => (value === undefined ? '' : JSON.stringify(value).slice(0, 200));
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="versions-panel">
      <Table
        size="small"
        rowKey="version"
        pagination={false}
        dataSource={versions}
        columns={[
          { title: t('versions.version'), dataIndex: 'version' },
          { title: t('versions.by'), dataIndex: 'createBy' },
          { title: t('versions.time'), dataIndex: 'createTime' },
          {
            title: '',
            render: (_, row) =>
              row.version > 1 ? (
                <Button
                  size="small"
                  onClick={() => api.diff(designId, row.version - 1, row.version).then((changes) => setDiff({ version: row.version, changes }))}
                >
                  {t('versions.diff')}
                </Button>
              ) : null,
          },
        ]}
      />
      {diff ? (
        <>
          <Typography.Title level={5}>
            {t('versions.version')} {diff.version - 1} → {diff.version}
          </Typography.Title>
          <Table
            size="small"
            rowKey={(c) => `${c.kind}${c.path}`}
            pagination={false}
            dataSource={diff.changes}
            columns={[
              { title: t('versions.path'), dataIndex: 'path', render: (p: string) => <Typography.Text code>{p}</Typography.Text> },
              { title: t('versions.kind'), dataIndex: 'kind', render: (k: JsonChange['kind']) => <Tag color={KIND_COLOUR[k]}>{t(`versions.${k}`)}</Tag> },
              { title: '', render: (_, c) => `${show(c.from)} → ${show(c.to)}` },
            ]}
          />
        </>
      ) : null}
    </Space>
  );
}
