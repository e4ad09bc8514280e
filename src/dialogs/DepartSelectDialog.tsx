import { Alert, Form, Modal, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppServices } from '../app/AppServices';
import { errorMessageOf } from '../app/errorMessageOf';
import type { Depart, UserInfo } from '../session/types';

interface CurrentDeparts {
  list: Depart[];
  orgCode: string | null;
}

export interface DepartSelectDialogProps {
  /** 'select' right after sign-in (must choose), 'switch' from the header (may cancel) */
  mode: 'select' | 'switch';
  onDone(): void;
  onCancel?(): void;
}

/**
 * Spec 000 §2 / 001 §2: GET /sys/user/getCurrentUserDeparts, then PUT /sys/selectDepart {orgCode, username};
 * the answered userInfo is stored (7 days). Without any department: the warning 您尚未设置部门信息!, and no dialog.
 */
export function DepartSelectDialog({ mode, onDone, onCancel }: DepartSelectDialogProps) {
  const { t } = useTranslation();
  const { http, session, feedback } = useAppServices();
  const [departs, setDeparts] = useState<CurrentDeparts | null>(null);
  const [orgCode, setOrgCode] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // 确认 without a choice marks the field invalid (spec 001 §5), until a department is chosen
  const [unchosen, setUnchosen] = useState(false);
  const leave = mode === 'select' ? onDone : (onCancel ?? onDone);

  useEffect(() => {
    let live = true;
    http
      .get<CurrentDeparts>('/sys/user/getCurrentUserDeparts', undefined, { silent: true })
      .then(({ data }) => {
        if (!live) return;
        if (data.list.length === 0) {
          feedback.toast('warning', t('depart.none'));
          leave();
          return;
        }
        setDeparts(data);
        setOrgCode(data.orgCode ?? null);
      })
      .catch((e: unknown) => live && setError(errorMessageOf(e) ?? t('depart.loadFailed')));
    return () => {
      live = false;
    };
    // loaded once per opening; the callbacks may change identity without changing the answer
  }, []);

  async function save() {
    // the list could not be loaded: signing in must not dead-end here, the department stays as it was
    if (!departs) {
      leave();
      return;
    }
    const userInfo = session.state.userInfo;
    if (!orgCode) {
      setUnchosen(true);
      return;
    }
    if (!userInfo) {
      setError(t('depart.required'));
      return;
    }
    setSaving(true);
    setError(null);
    try {
      const { data } = await http.put<{ userInfo: UserInfo }>('/sys/selectDepart', { orgCode, username: userInfo.username }, { silent: true, exclusive: true });
      session.setUserInfo(data.userInfo);
      if (mode === 'switch') feedback.toast('success', t('depart.switched'));
      onDone();
    } catch (e) {
      setError(errorMessageOf(e) ?? t('depart.failed'));
      setSaving(false);
    }
  }

  // until the list arrives, the session's copy names the current department
  const known = departs ?? { list: session.state.departs, orgCode: session.state.userInfo?.orgCode ?? null };
  const current = known.list.find((d) => d.orgCode === known.orgCode);
  const title =
    mode === 'select' ? t('depart.selectTitle') : current ? t('depart.switchTitleWithCurrent', { name: current.departName }) : t('depart.switchTitle');
  const dismissable = mode === 'switch';

  return (
    <Modal
      // shown once the list has answered: a user without departments gets the warning and never a dialog
      // that opens and closes again (on a slow answer, that dialog stood open for seconds)
      open={departs !== null || error !== null}
      title={title}
      okText={t('common.confirm')}
      cancelText={t('common.close')}
      confirmLoading={saving}
      okButtonProps={{ disabled: !departs && !error }}
      onOk={() => void save()}
      onCancel={dismissable ? onCancel : undefined}
      closable={dismissable}
      keyboard={dismissable}
      maskClosable={false}
      cancelButtonProps={dismissable ? undefined : { style: { display: 'none' } }}
      destroyOnHidden
    >
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
      <Form layout="vertical">
        <Form.Item
          label={t('depart.label')}
          required
          validateStatus={unchosen && !orgCode ? 'error' : undefined}
          help={unchosen && !orgCode ? t('depart.required') : undefined}
        >
          <Select
            aria-label={t('depart.label')}
            loading={!departs && !error}
            value={orgCode ?? undefined}
            placeholder={t('depart.required')}
            onChange={(value: string) => setOrgCode(value)}
            options={(departs?.list ?? []).map((d) => ({ value: d.orgCode, label: d.departName }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
