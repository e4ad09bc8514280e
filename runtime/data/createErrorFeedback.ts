import type { ApiError } from './ApiError';
import type { HttpClientOptions } from './HttpClient';

/** spec 000 §8: a 401 with a session signs out after 1.5 s, so the user can read why */
export const SIGN_OUT_DELAY_MS = 1_500;
/** spec 000 §8: "any other status: server message for 4 s" */
export const SERVER_MESSAGE_SECONDS = 4;
/** spec 000 §8: the second client's (the /api family's) failure message stays 1.5 s */
export const SECOND_CLIENT_MESSAGE_SECONDS = 1.5;

export interface ErrorFeedback {
  /** shows `error` as the error catalogue says and marks it notified when something was shown */
  report(error: ApiError, how?: { callerShowsBusiness?: boolean }): void;
}

/** The hash route of a hash-routed app, else the path. */
function currentRoute(): string {
  if (typeof window === 'undefined') return '';
  const { hash, pathname } = window.location;
  const route = hash.startsWith('#/') ? hash.slice(1) : pathname;
  return route.split('?')[0] ?? '';
}

function onRootOrLoginPage(): boolean {
  const route = currentRoute();
  return route === '' || route === '/' || route.startsWith('/user/login');
}

/**
 * The error catalogue of spec 000 §8 as reactions, in the order the spec lists them. Validation and
 * business failures are left to the caller (it maps field errors onto the form); everything else is
 * shown here. One sign-out at a time: a burst of 401s gives one toast and one reload.
 */
export function createErrorFeedback(options: Pick<HttpClientOptions, 'feedback' | 't' | 'getToken'>): ErrorFeedback {
  const { feedback, t } = options;
  let sessionEnding = false;

  function signOutLater(): void {
    sessionEnding = true;
    setTimeout(() => feedback.signOut({ reload: true }), SIGN_OUT_DELAY_MS);
  }

  function confirmRelogin(): void {
    sessionEnding = true;
    void feedback
      .confirmRelogin(t('feedback.loginExpiredTitle'), t('feedback.loginExpiredContent'), t('feedback.relogin'))
      // spec 000 §8: "on OK logout and reload (unless on root or login page)": the logout happens either way
      .then(() => feedback.signOut({ reload: !onRootOrLoginPage() }));
  }

  /** true when something was shown */
  function react(error: ApiError, callerShowsBusiness: boolean): boolean {
    if (error.errorCode === 'CL_ERR_REQUEST_IN_FLIGHT') {
      feedback.toast('warning', error.message);
      return true;
    }
    // spec 000 §8 "second client: code not 200 → message or 'request error, please retry' for 1.5 s": the /api
    // family's business failures are shown here, unless the request says its caller shows them (a long report, a
    // failure answered with a dialog); field errors (validation) stay the form's
    if (error.kind === 'business' && error.dialect === 'api' && !callerShowsBusiness) {
      feedback.toast('error', error.message || t('feedback.requestError'), SECOND_CLIENT_MESSAGE_SECONDS);
      return true;
    }
    if (error.kind === 'validation' || error.kind === 'business') return false;
    const hasToken = Boolean(options.getToken());
    if (error.kind === 'auth' && sessionEnding) return true;
    if (error.status === 401) {
      feedback.toast('error', t('feedback.unauthorized'));
      if (hasToken) signOutLater();
      return true;
    }
    if (error.kind === 'auth' && error.dialect === 'api' && error.status === 200 && hasToken) {
      // REST codes 600/601/602 (spec 000 §8 "second client"): the message for 1.5 s, then logout and reload
      feedback.toast('error', error.message || t('feedback.requestError'), SECOND_CLIENT_MESSAGE_SECONDS);
      signOutLater();
      return true;
    }
    if (error.kind === 'auth' && hasToken) {
      confirmRelogin();
      return true;
    }
    if (error.status === 403) feedback.notify('error', t('feedback.systemNotice'), t('feedback.accessDenied'));
    else if (error.status === 404) feedback.toast('error', t('feedback.notFound'));
    else if (error.kind === 'timeout') feedback.toast('error', t('feedback.timeout'));
    else if (error.kind === 'network') feedback.toast('error', t('feedback.requestError'));
    else if (error.kind === 'permission') feedback.toast('warning', error.message);
    else if (error.kind === 'contract') feedback.toast('error', t('errors.contract'));
    else feedback.toast('error', error.message, SERVER_MESSAGE_SECONDS);
    return true;
  }

  return {
    report(error, how) {
      if (react(error, how?.callerShowsBusiness === true)) error.notified = true;
    },
  };
}
