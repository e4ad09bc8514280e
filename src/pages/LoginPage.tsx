import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../app/usePageTitle';
import { LoginForm } from './LoginForm';
import { useLoginFlow } from './useLoginFlow';

// only needed after a successful sign-in: kept out of the sign-in chunk, with antd and its provider
// (a first visit's sign-in screen renders without them: docs/client-budgets.md)
const AntdScope = lazy(async () => ({ default: (await import('../app/AntdScope')).AntdScope }));
const ChangePasswordDialog = lazy(async () => ({ default: (await import('../dialogs/ChangePasswordDialog')).ChangePasswordDialog }));
const DepartSelectDialog = lazy(async () => ({ default: (await import('../dialogs/DepartSelectDialog')).DepartSelectDialog }));

export function LoginPage() {
  const { t } = useTranslation();
  usePageTitle(t('login.title'));
  const flow = useLoginFlow();
  return (
    <>
      <LoginForm submitting={flow.submitting} error={flow.error} onSubmit={(credentials) => void flow.submit(credentials)} />
      {flow.step !== 'form' && (
        <Suspense fallback={null}>
          <AntdScope>
            {flow.step === 'password' && <ChangePasswordDialog forced onDone={flow.passwordChanged} />}
            {flow.step === 'depart' && <DepartSelectDialog mode="select" onDone={flow.departChosen} />}
          </AntdScope>
        </Suspense>
      )}
    </>
  );
}
