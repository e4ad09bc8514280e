import type { App } from 'antd';
import type { RequestFeedback } from '../../runtime/data/HttpClient';

export type AntdAppApi = ReturnType<typeof App.useApp>;

export interface ConfirmOptions {
  title: string;
  content: string;
  okText: string;
  cancelText: string;
  /** may return a promise: the OK button spins until it settles */
  onOk(): unknown;
}

/** How the shell talks to the user: the http client's feedback plus a plain confirm. */
export interface ShellFeedback extends RequestFeedback {
  confirm(options: ConfirmOptions): void;
}

export interface AntdFeedback extends ShellFeedback {
  /** called by FeedbackBinder once antd's <App> is mounted (its hooks carry the theme and locale) */
  bind(api: AntdAppApi): void;
  /** whether anything has asked for feedback yet (FeedbackHostLoader subscribes) */
  isNeeded(): boolean;
  subscribeNeeded(listener: () => void): () => void;
}

/**
 * Feedback on antd's App (message, notification, modal). antd's App is not part of the sign-in chunk:
 * the first call marks the feedback as needed, the host chunk loads and binds, and calls made until
 * then wait in a queue (the router's first loader may even run before React renders anything).
 */
export interface SessionEnd {
  /** POST /sys/logout and the local sign-out; resolves even when the call fails (session/logout.ts) */
  signOut(): Promise<void>;
  reload(): void;
}

export function createAntdFeedback(sessionEnd: SessionEnd = { signOut: async () => undefined, reload: () => undefined }): AntdFeedback {
  let api: AntdAppApi | null = null;
  let needed = false;
  const listeners = new Set<() => void>();
  const pending: ((api: AntdAppApi) => void)[] = [];

  const withApi = (run: (api: AntdAppApi) => void) => {
    if (api) return run(api);
    pending.push(run);
    if (!needed) {
      needed = true;
      listeners.forEach((listener) => listener());
    }
  };

  return {
    bind(bound) {
      api = bound;
      for (const run of pending.splice(0)) run(bound);
    },
    isNeeded: () => needed,
    subscribeNeeded(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    notify(kind, title, description, durationSec) {
      withApi((a) => a.notification[kind]({ message: title, description, duration: durationSec }));
    },
    toast(kind, text, durationSec) {
      withApi((a) => void a.message[kind](text, durationSec));
    },
    confirm({ title, content, okText, cancelText, onOk }) {
      withApi((a) => void a.modal.confirm({ title, content, okText, cancelText, onOk }));
    },
    confirmRelogin(title, content, okText) {
      return new Promise<void>((resolve) => {
        withApi((a) => {
          a.modal.confirm({ title, content, okText, okCancel: false, closable: false, keyboard: false, maskClosable: false, onOk: () => resolve() });
        });
      });
    },
    signOut({ reload }) {
      void sessionEnd
        .signOut()
        .catch(() => undefined)
        .then(() => reload && sessionEnd.reload());
    },
  };
}
