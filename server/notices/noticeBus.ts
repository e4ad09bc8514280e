import type { AnnouncementNotice, NoticeMessage, OpenNoticeChannel, TableNotice } from '../db/noticeChannel.js';
import { createNoticeHub, type NoticeHub } from './noticeHub.js';
import type { NoticeDb } from './noticeTables.js';

export interface NoticeBus {
  /** this process's sockets */
  hub: NoticeHub;
  /** tells every server of the database (this one too); call it after the change has committed */
  publish(message: NoticeMessage): Promise<void>;
  /** live-table updates heard from any server of the database (this one too); the returned function stops listening */
  onTable(listener: (message: TableNotice) => void): () => void;
  close(): Promise<void>;
}

export interface NoticeBusOptions {
  db: NoticeDb;
  openChannel: OpenNoticeChannel;
  warn: (message: string, error?: unknown) => void;
}

// a bound `in` list stays well under both databases' parameter limits
const IN_CHUNK = 500;

/** What a socket receives: the shape Jeecg's header bell reads ({cmd, msgId, msgTxt}). */
export function noticeFrame(message: AnnouncementNotice): string {
  return JSON.stringify({ cmd: message.cmd, msgId: message.msgId, msgTxt: message.msgTxt });
}

function isTableNotice(value: unknown): value is TableNotice {
  const m = value as Partial<TableNotice> | null;
  return (
    typeof m === 'object' &&
    m !== null &&
    m.cmd === 'table' &&
    typeof m.tenantId === 'number' &&
    typeof m.pageId === 'string' &&
    typeof m.origin === 'string' &&
    typeof m.frame === 'string'
  );
}

function isNoticeMessage(value: unknown): value is NoticeMessage {
  if (isTableNotice(value)) return true;
  if (typeof value === 'object' && value !== null && (value as Partial<NoticeMessage>).cmd === 'signout') {
    const { userId, sessionId } = value as { userId?: unknown; sessionId?: unknown };
    return typeof userId === 'string' && (sessionId === undefined || typeof sessionId === 'string');
  }
  const m = value as Partial<AnnouncementNotice> | null;
  return (
    typeof m === 'object' &&
    m !== null &&
    typeof m.tenantId === 'number' &&
    typeof m.msgId === 'string' &&
    typeof m.msgTxt === 'string' &&
    (m.cmd === 'topic' || m.cmd === 'user')
  );
}

/**
 * Publish/revoke (or a forced sign-out) → the channel (every server of the database) → each server's own connected users who
 * may see the announcement: everyone of the tenant for 'topic', the announcement's recipients (its
 * send rows) for 'user'. A server without a socket in the tenant does not query at all.
 */
export async function openNoticeBus({ db, openChannel, warn }: NoticeBusOptions): Promise<NoticeBus> {
  const hub = createNoticeHub();
  const tableListeners = new Set<(message: TableNotice) => void>();

  async function addressed(msgId: string, online: string[]): Promise<string[]> {
    const found: string[] = [];
    for (let i = 0; i < online.length; i += IN_CHUNK) {
      const rows = await db
        .selectFrom('sysAnnouncementSend')
        .select('userId')
        .where('anntId', '=', msgId)
        .where('userId', 'in', online.slice(i, i + IN_CHUNK))
        .execute();
      found.push(...rows.map((r) => r.userId));
    }
    return found;
  }

  async function deliver(message: NoticeMessage): Promise<void> {
    if (message.cmd === 'table') {
      for (const listener of tableListeners) listener(message);
      return;
    }
    if (message.cmd === 'signout') {
      hub.signOut(message.userId, message.sessionId);
      return;
    }
    const online = hub.usersIn(message.tenantId);
    if (online.length === 0) return;
    const recipients = message.cmd === 'topic' ? online : await addressed(message.msgId, online);
    hub.deliver(recipients, message.tenantId, noticeFrame(message));
  }

  const notifier = await openChannel({
    onMessage(message) {
      if (!isNoticeMessage(message)) return warn('notice message not understood');
      deliver(message).catch((error: unknown) => warn('notice not delivered', error));
    },
    warn,
  });
  return {
    hub,
    publish: (message) => notifier.publish(message),
    onTable(listener) {
      tableListeners.add(listener);
      return () => tableListeners.delete(listener);
    },
    close: () => notifier.close(),
  };
}
