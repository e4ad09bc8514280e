import { Form, List, Select, Spin, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import type { HttpClient } from '../../../runtime/data/HttpClient';

type Translate = (key: string, values?: Record<string, unknown>) => string;

interface UserOption {
  id: string;
  username: string;
  realname: string | null;
}

interface RoleOption {
  id: string;
  roleName: string;
}

interface MemberCount {
  userId: string;
  username: string;
  realname: string | null;
  visible: number;
}

/** GET /sys/dataRule/preview: a user's count, or (roleId) the role's members' counts; always the roles holding the rule */
interface PreviewAnswer {
  visible?: number;
  total: number;
  roles: RoleOption[];
  memberCount?: number;
  members?: MemberCount[];
}

const named = (user: { username: string; realname: string | null }) => (user.realname ? `${user.realname}（${user.username}）` : user.username);

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
 * tenant's total, for the signed-in user or another user of the tenant picked here, or — as a role
 * holding the rule — for each member of that role. The server counts (GET /sys/dataRule/preview, the
 * engine's own scope compiler); this only asks and shows.
 */
export function DataRulePreview({ http, ruleId, t }: DataRulePreviewProps) {
  const [userId, setUserId] = useState<string | undefined>(undefined);
  const [roleId, setRoleId] = useState<string | undefined>(undefined);
  const [counts, setCounts] = useState<PreviewAnswer | null>(null);
  const [roles, setRoles] = useState<RoleOption[]>([]);
  const [failed, setFailed] = useState<string | null>(null);
  const [options, setOptions] = useState<UserOption[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    let current = true;
    setCounts(null);
    setFailed(null);
    const as = roleId ? { roleId } : userId ? { userId } : {};
    http.get<PreviewAnswer>('/sys/dataRule/preview', { id: ruleId, ...as }, { silent: true }).then(
      ({ data }) => {
        if (!current) return;
        setCounts(data);
        setRoles(data.roles ?? []);
      },
      (error: unknown) => current && setFailed(error instanceof Error ? error.message : String(error)),
    );
    return () => {
      current = false;
    };
  }, [http, ruleId, userId, roleId]);
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
          onChange={(value: string | undefined) => {
            setRoleId(undefined);
            setUserId(value);
          }}
          notFoundContent={null}
          options={options.map((user) => ({ value: user.id, label: named(user) }))}
        />
      </Form.Item>
      <Form.Item label={t('permission.previewRole')}>
        <Select
          allowClear
          data-testid="data-rule-preview-role"
          placeholder={roles.length > 0 ? t('permission.previewRolePick') : t('permission.previewNoRole')}
          disabled={roles.length === 0}
          value={roleId}
          onChange={(value: string | undefined) => {
            setUserId(undefined);
            setRoleId(value);
          }}
          options={roles.map((role) => ({ value: role.id, label: role.roleName }))}
        />
      </Form.Item>
      {failed ? (
        <Typography.Text type="danger">{failed}</Typography.Text>
      ) : counts && counts.members ? (
        <List
          size="small"
          header={<Typography.Text strong>{t('permission.previewMembers', { members: counts.memberCount ?? 0, total: counts.total })}</Typography.Text>}
          dataSource={counts.members}
          renderItem={(member) => <List.Item>{t('permission.previewMemberCount', { name: named(member), visible: member.visible })}</List.Item>}
        />
      ) : counts ? (
        <Typography.Text strong>{t('permission.previewCount', { visible: counts.visible, total: counts.total })}</Typography.Text>
      ) : (
        <Spin size="small" />
      )}
    </Form>
  );
}
