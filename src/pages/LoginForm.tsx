import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Button } from 'antd';
// antd's Input index also drags in TextArea, Search and OTP (~10 KB gzip); the sign-in page needs two inputs
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SliderVerify } from '../../runtime/fields/SliderVerify';
import { credentialErrors, type Credentials } from './credentialErrors';
import { FieldMessage } from './FieldMessage';

// the failure banner comes with the first failure (fetched as the first attempt is sent): antd's Alert and
// its icons are ~4 KB gzip of a route that must stay under 120 KB (docs/client-budgets.md)
const loadAlert = () => import('antd/es/alert');
const Alert = lazy(loadAlert);

export interface LoginFormProps {
  submitting: boolean;
  /** the server's reason for the last failure (用户名或密码错误, 该用户已冻结, …) */
  error: string | null;
  onSubmit(credentials: Credentials): void;
}

/**
 * Two inputs and a button, without antd's Form: its field store, validator and the tooltip its labels
 * bring cost the sign-in route ~50 KB gzip. Messages show once a field is edited or a submit is tried.
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
    void loadAlert().catch(() => undefined);
    onSubmit({ username: values.username.trim(), password: values.password });
  }

  const usernameMessage = messageOf('username');
  const passwordMessage = messageOf('password');
  return (
    <form name="login" noValidate onSubmit={submit}>
      {error && (
        <Suspense fallback={null}>
          <Alert type="error" showIcon message={error} style={{ marginBottom: 24 }} />
        </Suspense>
      )}
      <FieldMessage id="login_username_help" message={usernameMessage}>
        <Input
          size="large"
          prefix={<UserOutlined />}
          placeholder={t('login.username')}
          aria-label={t('login.username')}
          autoComplete="username"
          value={values.username}
          onChange={(e) => edit('username', e.target.value)}
          status={usernameMessage ? 'error' : undefined}
          aria-invalid={usernameMessage ? true : undefined}
          aria-describedby={usernameMessage ? 'login_username_help' : undefined}
        />
      </FieldMessage>
      <FieldMessage id="login_password_help" message={passwordMessage}>
        <Password
          size="large"
          prefix={<LockOutlined />}
          placeholder={t('login.password')}
          aria-label={t('login.password')}
          autoComplete="current-password"
          value={values.password}
          onChange={(e) => edit('password', e.target.value)}
          status={passwordMessage ? 'error' : undefined}
          aria-invalid={passwordMessage ? true : undefined}
          aria-describedby={passwordMessage ? 'login_password_help' : undefined}
        />
      </FieldMessage>
      <FieldMessage id="login_slider_help" message={shown.slider && !verified ? t('login.sliderRequired') : null}>
        <SliderVerify value={verified} onChange={setVerified} text={t('login.sliderIdle')} successText={t('login.sliderDone')} />
      </FieldMessage>
      <div style={{ marginBottom: 24 }}>
        <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
          {t('login.submit')}
        </Button>
      </div>
    </form>
  );
}
