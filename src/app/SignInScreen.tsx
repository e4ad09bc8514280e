import { LoginPage } from '../pages/LoginPage';
import { SignInExitContext, type SignInExit } from '../pages/SignInExit';
import { UserLayout } from '../pages/UserLayout';
import { ScreenErrorBoundary } from './ScreenErrorBoundary';

/** The sign-in page as the first screen of a visit, without the router (startShell). */
export function SignInScreen({ exit }: { exit: SignInExit }) {
  return (
    <ScreenErrorBoundary>
      <SignInExitContext.Provider value={exit}>
        <UserLayout>
          <LoginPage />
        </UserLayout>
      </SignInExitContext.Provider>
    </ScreenErrorBoundary>
  );
}
