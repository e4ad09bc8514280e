import { createContext, useContext } from 'react';

/**
 * How the sign-in page leaves, so that it does not import react-router: under the router it navigates;
 * as the first screen of a visit (startShell) it starts the router at the target.
 */
export interface SignInExit {
  /** the `redirect` query the page was opened with (checked by the page before use) */
  redirect: string | null;
  leave(to: string): void;
  /** a sign-in is on its way: load what leaving will need in the meantime */
  prepare?(): void;
}

export const SignInExitContext = createContext<SignInExit | null>(null);

export function useSignInExit(): SignInExit {
  const exit = useContext(SignInExitContext);
  if (!exit) throw new Error('useSignInExit: render the sign-in page inside a SignInExitContext (RoutedLoginPage or SignInScreen)');
  return exit;
}
