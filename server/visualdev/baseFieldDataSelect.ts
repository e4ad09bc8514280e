import type { Dispatcher } from '../plugins/accessPlugin.js';
import { ONLINE_DEV } from './onlineDevRoutes.js';

export const BASE_FIELD_DATA_SELECT = '/api/visualdev/Base/:modelId/FieldDataSelect';

const AT_BASE = /^\/api\/visualdev\/Base\/([^/?]+)\/FieldDataSelect\/?(\?.*)?$/;
const AT_ONLINE_DEV = /^\/api\/visualdev\/OnlineDev\/([^/]+)\/FieldDataSelect$/;

/**
 * Spec 001 §7 lists the relation-form select among the design calls, /api/visualdev/Base/{modelId}/FieldDataSelect
 * (getFieldDataSelect(modelId)); Cloudlab serves it as OnlineDev/{modelId}/FieldDataSelect. This dispatcher answers
 * the Base address with that endpoint of the released model: the same handler, permission (the model's list)
 * and answer, and an unknown or unreleased model is not found either way.
 */
export function baseFieldDataSelectDispatcher(onlineDev: Dispatcher): Dispatcher {
  return {
    match(method, url) {
      const found = AT_BASE.exec(url);
      return found ? onlineDev.match(method, `${ONLINE_DEV}/${found[1]}/FieldDataSelect${found[2] ?? ''}`) : null;
    },
    routes: () =>
      onlineDev
        .routes()
        .filter((r) => AT_ONLINE_DEV.test(r.url))
        .map((r) => ({ ...r, url: r.url.replace(AT_ONLINE_DEV, '/api/visualdev/Base/$1/FieldDataSelect') })),
  };
}
