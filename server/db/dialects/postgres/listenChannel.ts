import pg from 'pg';

const MAX_RETRY_MS = 5_000;

export interface ListenHandlers {
  /** what the channel carries, for warnings ("model release", "notice") */
  name: string;
  /** one notification's payload; a throw is reported as a message not understood */
  onPayload: (payload: string) => void;
  /** after a lost connection is back: notifications sent meanwhile are lost */
  onReconnect: () => void;
  warn: (message: string, error?: unknown) => void;
}

export interface ChannelListener {
  close(): Promise<void>;
}

/**
 * LISTEN on one channel through a dedicated connection (a pooled one would be handed to other queries
 * and lose the subscription). A lost connection is re-opened with a growing delay (up to 5 s) and the
 * caller is told, so it can catch up on what it missed. Shared by every PostgreSQL channel (model
 * releases, notices); senders use pg_notify on any connection.
 */
export async function listenChannel(databaseUrl: string, channel: string, handlers: ListenHandlers): Promise<ChannelListener> {
  let client: pg.Client | null = null;
  let closed = false;
  let retryMs = 100;
  let retryTimer: NodeJS.Timeout | null = null;

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5_000 });
    next.on('notification', (note) => {
      if (note.channel !== channel || !note.payload) return;
      try {
        handlers.onPayload(note.payload);
      } catch (error) {
        handlers.warn(`${handlers.name} message not understood`, error);
      }
    });
    next.on('error', (error) => lost(next, error));
    next.on('end', () => lost(next));
    try {
      await next.connect();
      await next.query(`listen ${channel}`);
    } catch (error) {
      await next.end().catch(() => {});
      throw error;
    }
    client = next;
    retryMs = 100;
  }

  function lost(which: pg.Client, error?: unknown): void {
    if (closed || client !== which) return;
    client = null;
    handlers.warn(`${handlers.name} listener lost its connection; reconnecting`, error);
    which.end().catch(() => {});
    schedule();
  }

  function schedule(): void {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      connect().then(handlers.onReconnect, (error) => {
        handlers.warn(`${handlers.name} listener could not reconnect`, error);
        retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
        schedule();
      });
    }, retryMs);
    retryTimer.unref();
  }

  await connect();
  return {
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      const current = client;
      client = null;
      await current?.end().catch(() => {});
    },
  };
}
