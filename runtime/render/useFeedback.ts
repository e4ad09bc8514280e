import { App } from 'antd';
import { useMemo } from 'react';
import { isApiError } from '../data/ApiError';
import { describeError } from '../data/describeError';
import { useRuntime } from './RuntimeProvider';
import { useRenderText } from './useRenderText';

export interface Feedback {
  success(text: string): void;
  warning(text: string): void;
  /** a text as is, or an error as describeError words it — unless the HTTP client already showed it */
  error(error: string | unknown): void;
  /** a yes/no confirm; `onOk` may return a promise (the OK button spins until it settles; a failure is toasted) */
  confirm(title: string, onOk: () => unknown): void;
}

/** Whether the HTTP client's error catalogue already showed this error (spec 000 §8). */
export function alreadyShown(error: unknown): boolean {
  return isApiError(error) && error.notified;
}

/**
 * The text a user sees for a failure (runtime/data's describeError: the server's message; a generic one
 * for contract errors and for anything that is not an ApiError), in the current language.
 */
export function useErrorText(): (error: unknown) => string {
  const { i18n } = useRuntime();
  useRenderText(); // re-renders on a language change; the fixed t below reads the current language
  return useMemo(() => {
    const dataT = i18n.getFixedT(null, 'data');
    return (error: unknown) => describeError(error, (key) => String(dataT(key)));
  }, [i18n]);
}

/** Toasts and confirms through antd's App context (RuntimeProvider supplies one). */
export function useFeedback(): Feedback {
  const { message, modal } = App.useApp();
  const t = useRenderText();
  const describe = useErrorText();
  return useMemo(() => {
    const showError = (error: unknown) => {
      if (!alreadyShown(error)) void message.error(typeof error === 'string' ? error : describe(error));
    };
    return {
      success: (text) => void message.success(text),
      warning: (text) => void message.warning(text),
      error: showError,
      confirm: (title, onOk) =>
        void modal.confirm({
          title,
          okText: t('action.ok'),
          cancelText: t('action.cancel'),
          onOk: async () => {
            try {
              await onOk();
            } catch (error) {
              showError(error);
            }
          },
        }),
    } satisfies Feedback;
  }, [message, modal, t, describe]);
}
