import { sql } from 'kysely';
import type { OpenModelChannel, ReleaseMessage } from '../../modelChannel.js';
import { listenChannel } from './listenChannel.js';

/** The PostgreSQL channel every server of one database listens on for model releases. */
export const MODEL_CHANNEL = 'cloudlab_model';

/**
 * LISTEN/NOTIFY: a release is announced with pg_notify in its own transaction (delivered on commit,
 * never for a rollback) and heard on a dedicated connection (listenChannel). After a lost connection
 * the store reloads whatever changed while it was away.
 */
export function postgresModelChannel(databaseUrl: string): OpenModelChannel {
  return async (handlers) => {
    const listener = await listenChannel(databaseUrl, MODEL_CHANNEL, {
      name: 'model release',
      onPayload: (payload) => handlers.onMessage(JSON.parse(payload) as ReleaseMessage),
      onReconnect: handlers.onReconnect,
      warn: handlers.warn,
    });
    return {
      async publish(trx, message: ReleaseMessage) {
        await sql`select pg_notify(${MODEL_CHANNEL}, ${JSON.stringify(message)})`.execute(trx);
      },
      close: () => listener.close(),
    };
  };
}
