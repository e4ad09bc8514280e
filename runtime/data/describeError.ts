import { isApiError } from './ApiError';

/**
 * The text to show a user for any rejection of runtime/data: the server's (or the catalogue's)
 * message, 返回数据类型无法识别 for a contract error (whose message is meant for developers), and
 * 请求出错，请重试 for anything that is not an ApiError. `t` translates in the namespace 'data'.
 *
 * @example
 * catch (e) { if (!(isApiError(e) && e.notified)) message.error(describeError(e, tData)); }
 */
export function describeError(error: unknown, t: (key: string) => string): string {
  if (!isApiError(error)) return t('feedback.requestError');
  if (error.kind === 'contract') return t('errors.contract');
  return error.message || t('feedback.requestError');
}
