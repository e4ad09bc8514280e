import type { OpenModelChannel } from '../../modelChannel.js';

/** SQLite: one process owns the database file, so a release has nobody else to tell. */
export const openSqliteModelChannel: OpenModelChannel = async () => ({ publish: async () => {}, close: async () => {} });
