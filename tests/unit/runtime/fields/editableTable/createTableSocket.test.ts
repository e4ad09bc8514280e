// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTableSocket, tableSocketUrl } from '../../../../../runtime/fields/editableTable/createTableSocket';

// The editable table's live channel (spec 000 §4/§9): heartbeat 10 s, reconnect when no reply within
// 6 s, retry 5 s after a close, and other tables' update_vxe_table frames merged.

class FakeSocket {
  static opened: FakeSocket[] = [];
  readonly OPEN = 1;
  readyState = 0;
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(
    readonly url: string,
    readonly protocols: string[],
  ) {
    FakeSocket.opened.push(this);
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  receive(frame: unknown) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  send(text: string) {
    this.sent.push(text);
  }
  close() {
    this.readyState = 3;
    this.onclose?.();
  }
}

afterEach(() => {
  vi.useRealTimers();
  FakeSocket.opened = [];
});

const start = (onUpdate = vi.fn()) => {
  vi.useFakeTimers();
  const socket = createTableSocket({
    url: 'ws://host/vxeSocket/u1/labSample.device',
    token: 'T0KEN',
    caseId: 'mine',
    onUpdate,
    WebSocketImpl: FakeSocket as unknown as typeof WebSocket,
  });
  const first = FakeSocket.opened[0] as FakeSocket;
  first.open();
  return { socket, first, onUpdate };
};

describe('createTableSocket', () => {
  it('sends the token as the subprotocol and a heart_beat every 10 s', () => {
    const { first } = start();
    expect(first.protocols).toEqual(['T0KEN']);
    vi.advanceTimersByTime(9_999);
    expect(first.sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(first.sent).toEqual([JSON.stringify({ type: 'heart_beat' })]);
  });

  it('reconnects 5 s after no heartbeat reply came within 6 s', () => {
    const { first } = start();
    vi.advanceTimersByTime(10_000);
    first.receive({ type: 'heart_beat', data: true });
    vi.advanceTimersByTime(10_000 + 5_999);
    expect(first.readyState).toBe(1);
    vi.advanceTimersByTime(1);
    expect(first.readyState).toBe(3);
    expect(FakeSocket.opened).toHaveLength(1);
    vi.advanceTimersByTime(5_000);
    expect(FakeSocket.opened).toHaveLength(2);
  });

  it('merges other tables’ updates, not its own, and sends its rows while open', () => {
    const { socket, first, onUpdate } = start();
    first.receive({ type: 'common_send_date', data: { type: 'update_vxe_table', caseId: 'other', row: { id: 'a', qty: 2 } } });
    first.receive({ type: 'common_send_date', data: { type: 'update_vxe_table', caseId: 'mine', row: { id: 'a', qty: 3 } } });
    first.receive({ type: 'common_send_date', data: { type: 'other', row: { id: 'a' } } });
    expect(onUpdate.mock.calls).toEqual([[{ id: 'a', qty: 2 }]]);
    socket.send({ id: 'a', qty: 9 });
    expect(JSON.parse(first.sent.at(-1) as string)).toEqual({
      type: 'common_send_date',
      data: { type: 'update_vxe_table', caseId: 'mine', row: { id: 'a', qty: 9 } },
    });
    socket.close();
    socket.send({ id: 'a', qty: 10 });
    expect(first.sent).toHaveLength(1);
    vi.advanceTimersByTime(20_000);
    expect(FakeSocket.opened).toHaveLength(1);
  });

  it('builds the page address without the token', () => {
    expect(tableSocketUrl({ protocol: 'https:', host: 'lab.example' }, 'u 1', 'labSample.device:r1')).toBe(
      'wss://lab.example/vxeSocket/u%201/labSample.device%3Ar1',
    );
  });
});
