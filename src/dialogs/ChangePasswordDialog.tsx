import { Alert, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppServices } from '../app/AppServices';
import { errorMessageOf } from '../app/errorMessageOf';
import { useCurrentLanguage } from '../i18n/useCurrentLanguage';
import { passwordRules } from './passwordRules';

interface PasswordValues {
  oldpassword: string;
  password: string;
  confirmpassword: string;
}

export interface ChangePasswordDialogProps {
  /** the generated first password must be changed: the dialog cannot be dismissed */
  forced?: boolean;
  onDone(): void;
  onCancel?(): void;
}

/** Spec 001 §2/§5: 旧密码, 新密码, 确认新密码 → PUT /sys/user/updatePassword; the session stays signed in. */
export function ChangePasswordDialog({ forced = false, onDone, onCancel }: ChangePasswordDialogProps) {
  const { t } = useTranslation();
  const lang = useCurrentLanguage();
  const { http, session, feedback } = useAppServices();
  const [form] = Form.useForm<PasswordValues>();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const rules = passwordRules(t, lang);

  async function save() {
    const values = await form.validateFields().catch(() => null);
    const userInfo = session.state.userInfo;
    if (!values || !userInfo) return;
    setSaving(true);
    setError(null);
    try {
      const res = await http.put('/sys/user/updatePassword', { username: userInfo.username, ...values }, { silent: true, exclusive: true });
      feedback.toast('success', res.message || t('password.changed'));
      if (userInfo.mustChangePassword) session.setUserInfo({ ...userInfo, mustChangePassword: false });
      onDone();
    } catch (e) {
      setError(errorMessageOf(e) ?? t('password.failed'));
      setSaving(false);
    }
  }

  return (
    <Modal
      open
      title={t(forced ? 'password.forcedTitle' : 'password.title')}
      okText={t('common.confirm')}
      cancelText={t('common.close')}
      confirmLoading={saving}
      onOk={() => void save()}
      onCancel={forced ? undefined : onCancel}
      closable={!forced}
      keyboard={!forced}
      maskClosable={false}
      cancelButtonProps={forced ? { style: { display: 'none' } } : undefined}
      destroyOnHidden
    >
      {forced && <Alert type="warning" showIcon message={t('password.forcedHint')} style={{ marginBottom: 16 }} />}
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
      <Form form={form} layout="vertical" name="changePassword" onFinish={() => void save()}>
        <Form.Item name="oldpassword" label={t('password.old')} rules={rules.oldPassword}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item name="password" label={t('password.new')} rules={rules.newPassword}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="confirmpassword" label={t('password.confirm')} dependencies={['password']} rules={rules.confirmPassword}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
