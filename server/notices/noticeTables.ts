import type { Generated, Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';

/**
 * sys_announcement and sys_announcement_send as the notice code reads them: the columns of
 * schemas/system/models/announcement(.Send).model.json (the models own the tables; these types only
 * let the hand-written notice queries be checked). Codes are the models' dictionary values.
 */
export interface AnnouncementTable {
  id: string;
  tenantId: number;
  titile: string;
  msgContent: string | null;
  sender: string | null;
  /** L, M, H */
  priority: string;
  /** '1' announcement, '2' system message */
  msgCategory: string;
  /** 'ALL' or 'USER' */
  msgType: string;
  /** comma-joined user ids (msgType USER) */
  userIds: string | null;
  /** '0' draft, '1' published, '2' revoked */
  sendStatus: string;
  sendTime: string | null;
  cancelTime: string | null;
  /** 'component' or 'url' */
  openType: string | null;
  openPage: string | null;
  busId: string | null;
  createBy: string | null;
  createTime: string;
  updateBy: string | null;
  updateTime: string | null;
  version: Generated<number>;
}

/** One user's copy of an announcement: created on publish for chosen users, on first reading for ALL ones. */
export interface AnnouncementSendTable {
  id: string;
  tenantId: number;
  anntId: string;
  userId: string;
  /** '0' unread, '1' read */
  readFlag: string;
  readTime: string | null;
  createBy: string | null;
  createTime: string;
  updateBy: string | null;
  updateTime: string | null;
  version: Generated<number>;
}

// a type, not an interface: withTables wants the implicit index signature only type aliases get
export type NoticeTables = {
  sysAnnouncement: AnnouncementTable;
  sysAnnouncementSend: AnnouncementSendTable;
};

export type NoticeDb = Kysely<Database & NoticeTables>;

export const SEND_STATUS = { draft: '0', published: '1', revoked: '2' } as const;
export const READ_FLAG = { unread: '0', read: '1' } as const;

export function noticeDb(db: Kysely<Database>): NoticeDb {
  return db.withTables<NoticeTables>();
}

export function noticeTrx(trx: Transaction<Database>): Transaction<Database & NoticeTables> {
  return trx.withTables<NoticeTables>();
}
