import { successMessage } from '../i18n/messages.js';
export interface JeecgEnvelope<T = unknown> {
  success: boolean;
  message: string;
  code: number;
  result: T;
  timestamp: number;
  /** CL_ERR_* code on failures, so clients can tell errors apart without parsing text */
  error?: string;
  requestId?: string;
}

export function toJeecgEnvelope<T>(result: T, message = successMessage('done', 'zh-CN')): JeecgEnvelope<T> {
  return { success: true, message, code: 200, result, timestamp: Date.now() };
}

export function toJeecgFailure(code: number, message: string, extra: { error?: string; requestId?: string; result?: unknown } = {}): JeecgEnvelope {
  return {
    success: false,
    message,
    code,
    result: extra.result ?? null,
    timestamp: Date.now(),
    ...(extra.error ? { error: extra.error } : {}),
    ...(extra.requestId ? { requestId: extra.requestId } : {}),
  };
}
