import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Form } from 'antd';
// antd's Input index also drags in TextArea, Search and OTP (~10 KB gzip); the sign-in page needs two inputs
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { useTranslation } from 'react-i18next';

export interface Credentials {
  username: string;
  password: string;
}

export interface LoginFormProps {
  submitting: boolean;
  /** the server's reason for the last failure (用户名或密码错误, 该用户已冻结, …) */
  error: string | null;
  onSubmit(credentials: Credentials): void;
}

/** A plain antd Form (not Formily): the sign-in chunk stays small. */
export function LoginForm({ submitting, error, onSubmit }: LoginFormProps) {
  const { t } = useTranslation();
  return (
    <Form<Credentials> name="login" size="large" onFinish={(values) => onSubmit({ username: values.username.trim(), password: values.password })}>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 24 }} />}
      <Form.Item name="username" rules={[{ required: true, whitespace: true, message: t('login.usernameRequired') }]}>
        <Input prefix={<UserOutlined />} placeholder={t('login.username')} aria-label={t('login.username')} autoComplete="username" />
      </Form.Item>
      <Form.Item name="password" rules={[{ required: true, message: t('login.passwordRequired') }]}>
        <Password prefix={<LockOutlined />} placeholder={t('login.password')} aria-label={t('login.password')} autoComplete="current-password" />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" block loading={submitting}>
          {t('login.submit')}
        </Button>
      </Form.Item>
    </Form>
  );
}
