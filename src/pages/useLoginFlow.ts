import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppServices } from '../app/AppServices';
import { DEFAULT_HOME_PATH } from '../app/constants';
import { errorMessageOf } from '../app/errorMessageOf';
import { safeRedirectTarget } from '../routing/loginPathWithRedirect';
import type { LoginResult } from '../session/types';
import type { Credentials } from './credentialErrors';
import { useSignInExit } from './SignInExit';

/** form → (forced password change) → (department choice) → the redirect query or the home path */
export type LoginStep = 'form' | 'password' | 'depart';

export interface LoginFlow {
  step: LoginStep;
  submitting: boolean;
  error: string | null;
  submit(credentials: Credentials): Promise<void>;
  passwordChanged(): void;
  departChosen(): void;
}

export function useLoginFlow(): LoginFlow {
  const { http, session, feedback, i18n } = useAppServices();
  const { t } = useTranslation();
  const exit = useSignInExit();
  const [step, setStep] = useState<LoginStep>('form');
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const multiDepart = useRef<LoginResult['multi_depart']>(1);

  const finish = useCallback(() => {
    exit.leave(safeRedirectTarget(exit.redirect) ?? DEFAULT_HOME_PATH);
  }, [exit]);

  const afterPassword = useCallback(() => {
    if (multiDepart.current === 2) {
      setStep('depart');
      return;
    }
    if (multiDepart.current === 0) feedback.toast('warning', t('depart.none'));
    finish();
  }, [finish, feedback, t]);

  const submit = useCallback(
    async (credentials: Credentials) => {
      setSubmitting(true);
      setError(null);
      exit.prepare?.();
      try {
        // the answer's dictionaries come in the language the request is sent in
        const lang = i18n.language;
        const { data } = await http.post<LoginResult>('/sys/login', credentials, { silent: true, exclusive: true });
        session.signIn(data, lang);
        multiDepart.current = data.multi_depart;
        setSubmitting(false);
        if (data.userInfo.mustChangePassword) setStep('password');
        else afterPassword();
      } catch (e) {
        setSubmitting(false);
        setError(errorMessageOf(e) ?? t('login.failed'));
      }
    },
    [http, session, afterPassword, t, exit, i18n],
  );

  return { step, submitting, error, submit, passwordChanged: afterPassword, departChosen: finish };
}
