import type { OpenNoticeChannel } from '../../noticeChannel.js';

/** SQLite: one process owns the database file, so its own sockets are everyone to tell. */
export const openSqliteNoticeChannel: OpenNoticeChannel = async ({ onMessage, warn }) => ({
  async publish(message) {
    // like a notification, heard after the publisher moves on (a throwing listener is not its failure)
    queueMicrotask(() => {
      try {
        onMessage(message);
      } catch (error) {
        warn('notice message not delivered', error);
      }
    });
  },
  close: async () => {},
});
