import { sql } from 'kysely';
import type { TextSearchRole } from '../db/dialects/DbAdapter.js';
import { escapeLike } from '../db/dialects/escapeLike.js';
import { newId } from '../db/ids.js';
import { nowText } from '../db/timestamps.js';
import { READ_FLAG, SEND_STATUS, type NoticeDb } from './noticeTables.js';

/** Who reads: the signed-in user in the tenant the request acts in. */
export interface NoticeReader {
  userId: string;
  username: string;
  tenantId: number;
}

/** The fields of an announcement item (api-contract.md "Announcements and sockets"). */
const ITEM_COLUMNS = [
  'a.id',
  'a.titile',
  'a.msgContent',
  'a.sender',
  'a.sendTime',
  'a.createTime',
  'a.priority',
  'a.openType',
  'a.openPage',
  'a.busId',
  'a.msgCategory',
] as const;

export const CATEGORY = { announcement: '1', system: '2' } as const;

/**
 * The announcements a reader may see, with their own send row (r) when they have one: published (not
 * a draft, not revoked), in the request's tenant, and either for everyone (ALL) or addressed to them
 * (publishing a USER announcement gives each chosen user a send row). Every notice read starts here,
 * so "may see" is decided in one place.
 */
function visibleTo(db: NoticeDb, reader: NoticeReader) {
  return db
    .selectFrom('sysAnnouncement as a')
    .leftJoin('sysAnnouncementSend as r', (join) => join.onRef('r.anntId', '=', 'a.id').on('r.userId', '=', reader.userId))
    .where('a.tenantId', '=', reader.tenantId)
    .where('a.sendStatus', '=', SEND_STATUS.published)
    .where((eb) => eb.or([eb('a.msgType', '=', 'ALL'), eb('r.id', 'is not', null)]));
}

function unreadBy(db: NoticeDb, reader: NoticeReader) {
  return visibleTo(db, reader).where((eb) => eb.or([eb('r.readFlag', 'is', null), eb('r.readFlag', '<>', READ_FLAG.read)]));
}

/** GET /sys/annountCement/listByUser: the unread ones, newest first, per category, with totals. */
export async function unreadLists(db: NoticeDb, reader: NoticeReader, size: number) {
  const newest = (category: string) =>
    unreadBy(db, reader).where('a.msgCategory', '=', category).select(ITEM_COLUMNS).orderBy('a.sendTime', 'desc').orderBy('a.id', 'desc').limit(size).execute();
  const [counts, anntMsgList, sysMsgList] = await Promise.all([
    unreadBy(db, reader)
      .select((eb) => ['a.msgCategory', eb.fn.countAll<number | string>().as('total')])
      .groupBy('a.msgCategory')
      .execute(),
    newest(CATEGORY.announcement),
    newest(CATEGORY.system),
  ]);
  const total = (category: string) => Number(counts.find((c) => c.msgCategory === category)?.total ?? 0);
  return { anntMsgList, anntMsgTotal: total(CATEGORY.announcement), sysMsgList, sysMsgTotal: total(CATEGORY.system) };
}

/** One announcement the reader may see, or null (unknown, another tenant's, not theirs, draft, revoked). */
export async function findVisible(db: NoticeDb, reader: NoticeReader, id: string) {
  const row = await visibleTo(db, reader).where('a.id', '=', id).select(ITEM_COLUMNS).select('r.readFlag').executeTakeFirst();
  return row ? { ...row, readFlag: readFlagOf(row.readFlag) } : null;
}

/** Whether an announcement the reader may see has `pattern` (a LIKE pattern) in its content: an image inserted there is theirs to load. */
export async function mentionedInVisible(db: NoticeDb, reader: NoticeReader, pattern: string): Promise<boolean> {
  const row = await visibleTo(db, reader).where('a.msgContent', 'like', pattern).select('a.id').limit(1).executeTakeFirst();
  return row !== undefined;
}

/** no send row yet (an ALL announcement never opened) is unread */
function readFlagOf(flag: string | null): string {
  return flag === READ_FLAG.read ? READ_FLAG.read : READ_FLAG.unread;
}

/**
 * Marks announcements read for the reader: their send row becomes read (a row is created for an ALL
 * announcement on first reading); a row already read keeps its first reading time. Callers pass only
 * ids the reader may see.
 */
export async function markRead(db: NoticeDb, reader: NoticeReader, anntIds: readonly string[]): Promise<void> {
  if (anntIds.length === 0) return;
  const now = nowText();
  for (let i = 0; i < anntIds.length; i += 200) {
    const rows = anntIds.slice(i, i + 200).map((anntId) => ({
      id: newId(),
      tenantId: reader.tenantId,
      anntId,
      userId: reader.userId,
      readFlag: READ_FLAG.read,
      readTime: now,
      createBy: reader.username,
      createTime: now,
      version: 1,
    }));
    await db
      .insertInto('sysAnnouncementSend')
      .values(rows)
      .onConflict((oc) =>
        oc
          .columns(['anntId', 'userId'])
          .doUpdateSet((eb) => ({
            readFlag: READ_FLAG.read,
            readTime: now,
            updateBy: reader.username,
            updateTime: now,
            version: eb('sysAnnouncementSend.version', '+', 1),
          }))
          .where('sysAnnouncementSend.readFlag', '<>', READ_FLAG.read),
      )
      .execute();
  }
}

/** Ids of every unread announcement of the reader ("mark all read"). */
export async function unreadIds(db: NoticeDb, reader: NoticeReader): Promise<string[]> {
  return (await unreadBy(db, reader).select('a.id').execute()).map((r) => r.id);
}

export interface MyAnnouncementsQuery {
  pageNo: number;
  pageSize: number;
  titile?: string;
  msgCategory?: string;
  readFlag?: string;
}

/** The "my announcements" page: every announcement the reader may see, read or not, newest first. */
export async function myAnnouncements(db: NoticeDb, textSearch: TextSearchRole, reader: NoticeReader, query: MyAnnouncementsQuery) {
  let base = visibleTo(db, reader);
  const titile = query.titile;
  if (titile) base = base.where(() => textSearch.like(sql.ref('a.titile'), `%${escapeLike(titile)}%`).$castTo<boolean>());
  if (query.msgCategory) base = base.where('a.msgCategory', '=', query.msgCategory);
  if (query.readFlag === READ_FLAG.read) base = base.where('r.readFlag', '=', READ_FLAG.read);
  if (query.readFlag === READ_FLAG.unread) base = base.where((eb) => eb.or([eb('r.readFlag', 'is', null), eb('r.readFlag', '<>', READ_FLAG.read)]));
  const [counted, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirst(),
    base
      .select(ITEM_COLUMNS)
      .select('r.readFlag')
      .orderBy('a.sendTime', 'desc')
      .orderBy('a.id', 'desc')
      .limit(query.pageSize)
      .offset((query.pageNo - 1) * query.pageSize)
      .execute(),
  ]);
  const total = Number(counted?.total ?? 0);
  return {
    records: rows.map((row) => ({ ...row, anntId: row.id, readFlag: readFlagOf(row.readFlag) })),
    total,
    size: query.pageSize,
    current: query.pageNo,
    pages: Math.ceil(total / query.pageSize),
  };
}
