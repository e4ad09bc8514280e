import { useCallback, useEffect, useRef, useState } from 'react';
import { createNoticeSocket, noticeSocketUrl } from './createNoticeSocket';
import type { NoticeApi, UnreadNotices } from './noticeApi';

/** Spec 000 §9: notice poll 6 s. */
export const NOTICE_POLL_MS = 6_000;

const EMPTY: UnreadNotices = { anntMsgList: [], anntMsgTotal: 0, sysMsgList: [], sysMsgTotal: 0 };

export interface UseNoticesOptions {
  api: NoticeApi;
  userId: string | null;
  token: string | null;
  pollMs?: number;
}

/**
 * The bell's unread lists (spec 000 §4 "Notice"): loaded on mount, polled every 6 s until a load fails
 * (then the poll stops silently; a socket push or an opened item still reloads), and reloaded whenever
 * the socket says cmd 'topic' or 'user'.
 */
export function useNotices({ api, userId, token, pollMs = NOTICE_POLL_MS }: UseNoticesOptions): { notices: UnreadNotices; reload(): Promise<void> } {
  const [notices, setNotices] = useState<UnreadNotices>(EMPTY);
  const alive = useRef(true);

  const reload = useCallback(async () => {
    const next = await api.unread();
    if (alive.current) setNotices(next);
  }, [api]);

  useEffect(() => {
    alive.current = true;
    if (!token) return;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const tick = () => {
      reload().then(
        () => {
          if (alive.current) timer = setTimeout(tick, pollMs);
        },
        () => undefined,
      );
    };
    tick();
    return () => {
      alive.current = false;
      if (timer !== null) clearTimeout(timer);
    };
  }, [reload, token, pollMs]);

  useEffect(() => {
    if (!token || !userId) return;
    return createNoticeSocket({
      url: noticeSocketUrl(window.location, userId),
      token,
      onNotice: () => void reload().catch(() => undefined),
      // forced offline: one request that is not silent, so its 401 signs the page out as any other does
      onSignOut: () => void api.unread(true).catch(() => undefined),
    });
  }, [api, reload, token, userId]);

  return { notices, reload };
}
