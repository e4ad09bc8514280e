import { sql, type Kysely } from 'kysely';
import type { NoticeMessage, OpenNoticeChannel } from '../../noticeChannel.js';
import type { Database } from '../../schema.js';
import { listenChannel } from './listenChannel.js';

/** The PostgreSQL channel every server of one database listens on for announcements. */
export const NOTICE_CHANNEL = 'cloudlab_notice';

/**
 * LISTEN/NOTIFY across every server of the database: the publishing server notifies through its pool
 * and hears its own message on its listener like the others, so there is one delivery path. Messages
 * sent while a listener is reconnecting are lost; the clients' 6 s poll covers that gap.
 */
export function postgresNoticeChannel(databaseUrl: string, db: Kysely<Database>): OpenNoticeChannel {
  return async (handlers) => {
    const listener = await listenChannel(databaseUrl, NOTICE_CHANNEL, {
      name: 'notice',
      onPayload: (payload) => handlers.onMessage(JSON.parse(payload) as NoticeMessage),
      onReconnect: () => {},
      warn: handlers.warn,
    });
    return {
      async publish(message) {
        await sql`select pg_notify(${NOTICE_CHANNEL}, ${JSON.stringify(message)})`.execute(db);
      },
      close: () => listener.close(),
    };
  };
}
