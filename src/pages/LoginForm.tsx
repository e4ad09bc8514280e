import LockOutlined from '@ant-design/icons-svg/es/asn/LockOutlined';
import UserOutlined from '@ant-design/icons-svg/es/asn/UserOutlined';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PlainIcon } from '../../runtime/fields/PlainIcon';
import { SliderVerify } from '../../runtime/fields/SliderVerify';
import { PlainButton } from '../plain/PlainButton';
import { PlainErrorAlert } from '../plain/PlainErrorAlert';
import { PlainInput, PlainPassword } from '../plain/PlainInput';
import { credentialErrors, type Credentials } from './credentialErrors';
import { FieldMessage } from './FieldMessage';

export interface LoginFormProps {
  submitting: boolean;
  /** the server's reason for the last failure (用户名或密码错误, 该用户已冻结, …) */
  error: string | null;
  onSubmit(credentials: Credentials): void;
}

/**
 * Two inputs, the slider and a button, drawn as antd draws them but without antd (src/plain): the sign-in
 * route renders before antd loads (docs/client-budgets.md). Messages show once a field is edited or a
 * submit is tried.
 */
export function LoginForm({ submitting, error, onSubmit }: LoginFormProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Credentials>({ username: '', password: '' });
  const [shown, setShown] = useState({ username: false, password: false, slider: false });
  // spec 000 §2 slider verification before the submit; every attempt needs a fresh one
  const [verified, setVerified] = useState(false);
  const errors = credentialErrors(values);
  const messageOf = (field: keyof Credentials) => (shown[field] && errors[field] ? t(errors[field]) : null);
  const edit = (field: keyof Credentials, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setShown((s) => ({ ...s, [field]: true }));
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    setShown({ username: true, password: true, slider: true });
    if (Object.keys(errors).length > 0 || !verified) return;
    setVerified(false);
    setShown((s) => ({ ...s, slider: false }));
    onSubmit({ username: values.username.trim(), password: values.password });
  }

  const usernameMessage = messageOf('username');
  const passwordMessage = messageOf('password');
  return (
    <form name="login" noValidate onSubmit={submit}>
      {error && <PlainErrorAlert message={error} style={{ marginBottom: 24 }} />}
      <FieldMessage id="login_username_help" message={usernameMessage}>
        <PlainInput
          prefix={<PlainIcon icon={UserOutlined} />}
          placeholder={t('login.username')}
          aria-label={t('login.username')}
          autoComplete="username"
          value={values.username}
          onChange={(e) => edit('username', e.target.value)}
          error={usernameMessage !== null}
          aria-invalid={usernameMessage ? true : undefined}
          aria-describedby={usernameMessage ? 'login_username_help' : undefined}
        />
      </FieldMessage>
      <FieldMessage id="login_password_help" message={passwordMessage}>
        <PlainPassword
          prefix={<PlainIcon icon={LockOutlined} />}
          placeholder={t('login.password')}
          aria-label={t('login.password')}
          autoComplete="current-password"
          value={values.password}
          onChange={(e) => edit('password', e.target.value)}
          error={passwordMessage !== null}
          aria-invalid={passwordMessage ? true : undefined}
          aria-describedby={passwordMessage ? 'login_password_help' : undefined}
        />
      </FieldMessage>
      <FieldMessage id="login_slider_help" message={shown.slider && !verified ? t('login.sliderRequired') : null}>
        <SliderVerify value={verified} onChange={setVerified} text={t('login.sliderIdle')} successText={t('login.sliderDone')} />
      </FieldMessage>
      <div style={{ marginBottom: 24 }}>
        <PlainButton kind="primary" htmlType="submit" size="large" block loading={submitting}>
          {t('login.submit')}
        </PlainButton>
      </div>
    </form>
  );
}
