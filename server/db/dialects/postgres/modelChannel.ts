import { sql } from 'kysely';
import pg from 'pg';
import type { ModelChannelHandlers, OpenModelChannel, ReleaseMessage } from '../../modelChannel.js';

/** The PostgreSQL channel every server of one database listens on for model releases. */
export const MODEL_CHANNEL = 'cloudlab_model';

const MAX_RETRY_MS = 5_000;

/**
 * LISTEN/NOTIFY: a release is announced with pg_notify in its own transaction (delivered on commit,
 * never for a rollback) and heard on a dedicated connection (a pooled one would be handed to other
 * queries and lose the subscription). A lost connection is re-opened with a growing delay, and the
 * store then reloads whatever changed while it was away.
 */
export function postgresModelChannel(databaseUrl: string): OpenModelChannel {
  return (handlers) => listen(databaseUrl, handlers);
}

async function listen(databaseUrl: string, options: ModelChannelHandlers): ReturnType<OpenModelChannel> {
  let client: pg.Client | null = null;
  let closed = false;
  let retryMs = 100;
  let retryTimer: NodeJS.Timeout | null = null;

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5_000 });
    next.on('notification', (note) => {
      if (note.channel !== MODEL_CHANNEL || !note.payload) return;
      try {
        options.onMessage(JSON.parse(note.payload) as ReleaseMessage);
      } catch (error) {
        options.warn('model release message not understood', error);
      }
    });
    next.on('error', (error) => lost(next, error));
    next.on('end', () => lost(next));
    try {
      await next.connect();
      await next.query(`listen ${MODEL_CHANNEL}`);
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
    options.warn('model release listener lost its connection; reconnecting', error);
    which.end().catch(() => {});
    schedule();
  }

  function schedule(): void {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      connect().then(options.onReconnect, (error) => {
        options.warn('model release listener could not reconnect', error);
        retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
        schedule();
      });
    }, retryMs);
    retryTimer.unref();
  }

  await connect();
  return {
    async publish(trx, message: ReleaseMessage) {
      await sql`select pg_notify(${MODEL_CHANNEL}, ${JSON.stringify(message)})`.execute(trx);
    },
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      const current = client;
      client = null;
      await current?.end().catch(() => {});
    },
  };
}
