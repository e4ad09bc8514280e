import { Form, Select, Spin, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import type { HttpClient } from '../../../runtime/data/HttpClient';

type Translate = (key: string, values?: Record<string, unknown>) => string;

interface UserOption {
  id: string;
  username: string;
  realname: string | null;
}

// the spec's select search: no request for an empty keyword, searches debounced 300 ms
const SEARCH_DELAY_MS = 300;

export interface DataRulePreviewProps {
  http: HttpClient;
  /** the rule's id */
  ruleId: string;
  t: Translate;
}

/**
 * The count behind 数据规则's 预览: how many rows of the rule's model it leaves visible, next to the
 * tenant's total, for the signed-in user or another user of the tenant picked here. The server counts
 * (GET /sys/dataRule/preview, the engine's own scope compiler); this only asks and shows.
 */
export function DataRulePreview({ http, ruleId, t }: DataRulePreviewProps) {
  const [userId, setUserId] = useState<string | undefined>(undefined);
  const [counts, setCounts] = useState<{ visible: number; total: number } | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [options, setOptions] = useState<UserOption[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    let current = true;
    setCounts(null);
    setFailed(null);
    http.get<{ visible: number; total: number }>('/sys/dataRule/preview', { id: ruleId, ...(userId ? { userId } : {}) }, { silent: true }).then(
      ({ data }) => current && setCounts(data),
      (error: unknown) => current && setFailed(error instanceof Error ? error.message : String(error)),
    );
    return () => {
      current = false;
    };
  }, [http, ruleId, userId]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const search = (keyword: string) => {
    clearTimeout(timer.current);
    if (!keyword.trim()) return setOptions([]);
    timer.current = setTimeout(() => {
      http.get<{ list: UserOption[] }>('/api/permission/Users', { keyword: keyword.trim(), pageSize: 20 }, { silent: true }).then(
        ({ data }) => setOptions(data.list),
        () => setOptions([]),
      );
    }, SEARCH_DELAY_MS);
  };

  return (
    <Form layout="vertical" data-testid="data-rule-preview">
      <Form.Item label={t('permission.previewUser')}>
        <Select
          showSearch
          allowClear
          filterOption={false}
          placeholder={t('permission.previewSelf')}
          value={userId}
          onSearch={search}
          onChange={(value: string | undefined) => setUserId(value)}
          notFoundContent={null}
          options={options.map((user) => ({ value: user.id, label: user.realname ? `${user.realname}（${user.username}）` : user.username }))}
        />
      </Form.Item>
      {failed ? (
        <Typography.Text type="danger">{failed}</Typography.Text>
      ) : counts ? (
        <Typography.Text strong>{t('permission.previewCount', counts)}</Typography.Text>
      ) : (
        <Spin size="small" />
      )}
    </Form>
  );
}
