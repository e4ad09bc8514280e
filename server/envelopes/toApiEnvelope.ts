export interface ApiEnvelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
  error?: string;
  requestId?: string;
}

export function toApiEnvelope<T>(data: T, msg = 'Success'): ApiEnvelope<T> {
  return { code: 200, msg, data };
}

export function toApiFailure(code: number, msg: string, extra: { error?: string; requestId?: string; data?: unknown } = {}): ApiEnvelope {
  return {
    code,
    msg,
    data: extra.data ?? null,
    ...(extra.error ? { error: extra.error } : {}),
    ...(extra.requestId ? { requestId: extra.requestId } : {}),
  };
}

export interface ApiPage<T> {
  list: T[];
  pagination: { currentPage: number; pageSize: number; total: number };
}
