import { useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { LoginPage } from './LoginPage';
import { SignInExitContext, type SignInExit } from './SignInExit';

/** The sign-in page as a route: its redirect query and navigation come from the router. */
export function RoutedLoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  const exit = useMemo<SignInExit>(() => ({ redirect, leave: (to) => void navigate(to, { replace: true }) }), [navigate, redirect]);
  return (
    <SignInExitContext.Provider value={exit}>
      <LoginPage />
    </SignInExitContext.Provider>
  );
}
