import type { AppConfig } from '../config.js';
import type { DbHandle } from '../db/createDb.js';
import { postgresNoticeChannel } from '../db/dialects/postgres/noticeChannel.js';
import { openSqliteNoticeChannel } from '../db/dialects/sqlite/noticeChannel.js';
import { openNoticeBus, type NoticeBus } from './noticeBus.js';
import { noticeDb } from './noticeTables.js';

/** The notice bus of this server, on the database's own channel (buildApp picks it with the database). */
export function openNotices(handle: DbHandle, config: Pick<AppConfig, 'databaseUrl'>, warn: (message: string, error?: unknown) => void): Promise<NoticeBus> {
  return openNoticeBus({
    db: noticeDb(handle.db),
    openChannel: config.databaseUrl ? postgresNoticeChannel(config.databaseUrl, handle.db) : openSqliteNoticeChannel,
    warn,
  });
}
