import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createNoticeSocket, noticeSocketUrl } from '../../../../src/notices/createNoticeSocket';
import type { NoticeApi, UnreadNotices } from '../../../../src/notices/noticeApi';
import { handleTarget, noticeOpening } from '../../../../src/notices/openNotice';
import { sanitizeHtml } from '../../../../src/notices/sanitizeHtml';
import { useNotices } from '../../../../src/notices/useNotices';

/** A WebSocket stand-in the test drives: open, receive, close. */
class FakeSocket {
  static made: FakeSocket[] = [];
  readonly OPEN = 1;
  readyState = 0;
  sent: string[] = [];
  closed = false;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(
    readonly url: string,
    readonly protocols: string[],
  ) {
    FakeSocket.made.push(this);
  }
  send(text: string) {
    this.sent.push(text);
  }
  close() {
    this.closed = true;
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  receive(data: unknown) {
    this.onmessage?.({ data });
  }
  drop() {
    this.readyState = 3;
    this.onclose?.();
  }
}

const socketImpl = FakeSocket as unknown as typeof WebSocket;

describe('the notice socket client', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.made = [];
  });
  afterEach(() => vi.useRealTimers());

  it('sends the token as the subprotocol, beats every 20 s, reloads on cmd topic/user only', () => {
    const onNotice = vi.fn();
    const stop = createNoticeSocket({ url: 'ws://h/websocket/u1', token: 'T0k', onNotice, WebSocketImpl: socketImpl });
    const socket = FakeSocket.made[0]!;
    expect(socket.protocols).toEqual(['T0k']);
    expect(socket.url).toBe('ws://h/websocket/u1');
    socket.open();
    vi.advanceTimersByTime(19_999);
    expect(socket.sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(socket.sent).toEqual(['HeartBeat']);
    socket.receive(JSON.stringify({ cmd: 'topic', msgId: 'a', msgTxt: 'x' }));
    socket.receive(JSON.stringify({ cmd: 'user', msgId: 'b', msgTxt: 'y' }));
    socket.receive(JSON.stringify({ cmd: 'heartcheck', msgTxt: '心跳响应' }));
    socket.receive('not json');
    expect(onNotice).toHaveBeenCalledTimes(2);
    stop();
    expect(socket.closed).toBe(true);
  });

  it('hands a signout frame (forced offline) to onSignOut, not to the silent reload', () => {
    const onNotice = vi.fn();
    const onSignOut = vi.fn();
    const stop = createNoticeSocket({ url: 'ws://h/websocket/u1', token: 't', onNotice, onSignOut, WebSocketImpl: socketImpl });
    const socket = FakeSocket.made.at(-1)!;
    socket.open();
    socket.receive(JSON.stringify({ cmd: 'signout' }));
    expect(onSignOut).toHaveBeenCalledTimes(1);
    expect(onNotice).not.toHaveBeenCalled();
    stop();
  });

  it('reconnects 5 s after a close, and never after being stopped', () => {
    const stop = createNoticeSocket({ url: 'ws://h/websocket/u1', token: 't', onNotice: () => undefined, WebSocketImpl: socketImpl });
    FakeSocket.made[0]!.open();
    FakeSocket.made[0]!.drop();
    vi.advanceTimersByTime(4_999);
    expect(FakeSocket.made).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.made).toHaveLength(2);
    FakeSocket.made[1]!.drop();
    stop();
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.made).toHaveLength(2);
  });

  it('addresses the page’s own host, wss under https', () => {
    expect(noticeSocketUrl({ protocol: 'https:', host: 'lab.example:8443' }, 'u 1')).toBe('wss://lab.example:8443/websocket/u%201');
    expect(noticeSocketUrl({ protocol: 'http:', host: '127.0.0.1:8080' }, 'u1')).toBe('ws://127.0.0.1:8080/websocket/u1');
  });
});

describe('the bell’s lists', () => {
  const EMPTY: UnreadNotices = { anntMsgList: [], anntMsgTotal: 0, sysMsgList: [], sysMsgTotal: 0 };
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('loads on mount, polls every 6 s and stops for good after a failure', async () => {
    const unread = vi
      .fn<NoticeApi['unread']>()
      .mockResolvedValueOnce({ ...EMPTY, anntMsgTotal: 1 })
      .mockResolvedValueOnce(EMPTY)
      .mockRejectedValueOnce(new Error('down'))
      .mockResolvedValue(EMPTY);
    const api = { unread } as unknown as NoticeApi;
    // no user id: the poll alone (the socket is tested above)
    const { result } = renderHook(() => useNotices({ api, userId: null, token: 't' }));
    await act(async () => void (await vi.advanceTimersByTimeAsync(0)));
    expect(result.current.notices.anntMsgTotal).toBe(1);
    await act(async () => void (await vi.advanceTimersByTimeAsync(6_000)));
    expect(unread).toHaveBeenCalledTimes(2);
    await act(async () => void (await vi.advanceTimersByTimeAsync(6_000)));
    expect(unread).toHaveBeenCalledTimes(3);
    await act(async () => void (await vi.advanceTimersByTimeAsync(60_000)));
    expect(unread).toHaveBeenCalledTimes(3);
  });
});

describe('opening an item', () => {
  it('opens the page named by openPage with busId as the id for openType component, else the detail', () => {
    expect(noticeOpening({ openType: 'component', openPage: '/lab/report', busId: 'R 7' })).toEqual({ kind: 'page', to: '/lab/report?id=R%207' });
    expect(noticeOpening({ openType: 'url', openPage: '/lab/report', busId: null })).toEqual({ kind: 'detail' });
    expect(noticeOpening({ openType: null, openPage: null, busId: null })).toEqual({ kind: 'detail' });
    // a component page outside the app is not a route
    expect(noticeOpening({ openType: 'component', openPage: 'javascript:alert(1)', busId: null })).toEqual({ kind: 'detail' });
  });

  it("'go and handle' goes to a route of the app or an http(s) address, nothing else", () => {
    expect(handleTarget('/isps/userAnnouncement')).toEqual({ kind: 'route', to: '/isps/userAnnouncement' });
    expect(handleTarget('https://lab.example/x')).toEqual({ kind: 'external', to: 'https://lab.example/x' });
    expect(handleTarget('javascript:alert(1)')).toBeNull();
    expect(handleTarget(null)).toBeNull();
  });
});

describe('announcement content', () => {
  it('keeps formatting and drops scripts, handlers, styles and unsafe links', () => {
    const html = sanitizeHtml(
      '<p onclick="x()">明天 <b>9:00</b> <a href="javascript:alert(1)">坏</a> <a href="https://ok.example">好</a></p><script>alert(1)</script><img src="x" onerror="alert(1)"><custom>保留文字</custom><style>p{}</style>',
    );
    expect(html).toBe(
      '<p>明天 <b>9:00</b> <a target="_blank" rel="noopener noreferrer">坏</a> <a href="https://ok.example" target="_blank" rel="noopener noreferrer">好</a></p><img>保留文字',
    );
  });
});
