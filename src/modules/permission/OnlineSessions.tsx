import { Button, message, Popconfirm, Table, Tag } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import type { HttpClient } from '../../../runtime/data/HttpClient';

type Translate = (key: string, values?: Record<string, unknown>) => string;

interface SessionRow {
  id: string;
  userId: string;
  username: string;
  realname: string | null;
  ip: string | null;
  loginTime: string;
  lastActiveTime: string;
  current: boolean;
}

const PAGE_SIZE = 10;

function localTime(iso: string): string {
  const d = new Date(iso);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
}

export interface OnlineSessionsProps {
  http: HttpClient;
  /** the user model's base (/api/permission/Users) */
  base: string;
  t: Translate;
}

/**
 * 在线用户 (shown in a static dialog, outside the app's locale: its own texts name every button): the signed-in sessions of the users the caller may list (GET {base}/Online/Sessions), each
 * with 强制下线, which ends that session only (POST {base}/{userId}/Actions/ForceOffline {session}); the
 * server checks the permission, the tenant and the data scope of both calls.
 */
export function OnlineSessions({ http, base, t }: OnlineSessionsProps) {
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState<SessionRow[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(true);
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    let current = true;
    setLoading(true);
    http.get<{ list: SessionRow[]; pagination: { total: number } }>(`${base}/Online/Sessions`, { currentPage: page, pageSize: PAGE_SIZE }).then(
      ({ data }) => {
        if (!current) return;
        setRows(data.list);
        setTotal(data.pagination.total);
        setLoading(false);
      },
      () => current && setLoading(false),
    );
    return () => {
      current = false;
    };
  }, [http, base, page, generation]);

  const kick = useCallback(
    async (row: SessionRow) => {
      await http.post(`${base}/${encodeURIComponent(row.userId)}/Actions/ForceOffline`, { session: row.id });
      void message.success(t('permission.forcedOffline'));
      setGeneration((n) => n + 1);
    },
    [http, base, t],
  );

  return (
    <Table<SessionRow>
      data-testid="online-sessions"
      rowKey="id"
      size="small"
      loading={loading}
      dataSource={rows}
      pagination={{ current: page, pageSize: PAGE_SIZE, total, onChange: setPage }}
      columns={[
        { title: t('permission.sessionUser'), dataIndex: 'username' },
        { title: t('permission.sessionName'), dataIndex: 'realname' },
        { title: t('permission.sessionIp'), dataIndex: 'ip' },
        { title: t('permission.sessionLogin'), dataIndex: 'loginTime', render: localTime },
        { title: t('permission.sessionSeen'), dataIndex: 'lastActiveTime', render: localTime },
        {
          title: t('permission.sessionAction'),
          key: 'action',
          render: (_: unknown, row) =>
            row.current ? (
              <Tag>{t('permission.sessionCurrent')}</Tag>
            ) : (
              <Popconfirm
                title={t('permission.forceConfirm')}
                okText={t('permission.confirmOk')}
                cancelText={t('permission.confirmCancel')}
                onConfirm={() => kick(row)}
              >
                <Button type="link" size="small">
                  {t('permission.forceOffline')}
                </Button>
              </Popconfirm>
            ),
        },
      ]}
    />
  );
}
