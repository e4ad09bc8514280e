import { vi } from 'vitest';
import { createHttpClient } from '../../../../../runtime/data/createHttpClient';
import type { HttpClientOptions, RequestFeedback } from '../../../../../runtime/data/HttpClient';
import { dataResources } from '../../../../../runtime/data/i18n';
import type { Lang } from '../../../../../runtime/model/types';
import { createFakeServer, type Responder } from './fakeServer';

/** The 'data' namespace texts, looked up the way i18next does (dotted keys). */
export function translator(lang: Lang = 'zh-CN'): (key: string) => string {
  return (key) => {
    const text = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], dataResources[lang]);
    if (typeof text !== 'string') throw new Error(`missing text data:${key} (${lang})`);
    return text;
  };
}

export function createFeedbackSpy() {
  let confirm: () => void = () => {};
  const feedback = {
    notify: vi.fn<RequestFeedback['notify']>(),
    toast: vi.fn<RequestFeedback['toast']>(),
    confirmRelogin: vi.fn<RequestFeedback['confirmRelogin']>(() => new Promise<void>((resolve) => (confirm = resolve))),
    signOut: vi.fn<RequestFeedback['signOut']>(),
  };
  return { feedback, confirm: () => confirm() };
}

export interface TestClientOptions extends Partial<Omit<HttpClientOptions, 'adapter' | 'feedback'>> {
  token?: string | null;
  tenantId?: string | number | null;
  lang?: Lang;
  responder?: Responder;
}

/** A real createHttpClient over the fake server, with spied feedback. */
export function createTestClient(options: TestClientOptions = {}) {
  const server = createFakeServer(options.responder);
  const spy = createFeedbackSpy();
  const state = { token: options.token === undefined ? 'token-abc' : options.token, tenantId: options.tenantId === undefined ? 3 : options.tenantId, lang: options.lang ?? ('zh-CN' as Lang) };
  const http = createHttpClient({
    getToken: () => state.token,
    getTenantId: () => state.tenantId,
    getLang: () => state.lang,
    t: translator(state.lang),
    ...options,
    feedback: spy.feedback,
    adapter: server.adapter,
  });
  return { http, server, feedback: spy.feedback, confirmRelogin: spy.confirm, state };
}
