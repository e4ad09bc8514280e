import { createHash } from 'node:crypto';
import dayjs from 'dayjs';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../db/schema.js';
import { nowText } from '../db/timestamps.js';
import { newId } from '../db/ids.js';
import { expiryText } from '../i18n/messages.js';
import type { AnnounceNotice } from '../notices/announcementHooks.js';
import { noticeTrx, READ_FLAG, SEND_STATUS } from '../notices/noticeTables.js';

const DAY_MS = 24 * 3600_000;
// who the messages are from: the system, not a signed-in user
const SYSTEM_SENDER = 'system';

export interface ExpiryNoticeOptions {
  /** certificates expiring from today up to this many days ahead are announced */
  days: number;
  /** the role code whose holders (the quality officers) are told besides the certificate's holder */
  qualityRole: string;
  /** YYYY-MM-DD (tests); default the server's today */
  today?: string;
}

interface ExpiringRow {
  id: string;
  tenant_id: number | string;
  user_id: string | null;
  expiration_date: unknown;
  certificate: string | null;
  holder: string | null;
}

// the staff module's certificates: the two certificate tables (schemas/staff/models/certificate*.model.json),
// testing certificates named by their type, other certificates by their own name; and the certificate of
// the staff record itself (certificateName, certificateValidity: the date the staff list flags), once in
// each tenant its holder belongs to. Certificates of removed accounts are not announced.
const SOURCES: RawBuilder<ExpiringRow>[] = [
  sql<ExpiringRow>`select c.id, c.tenant_id, c.user_id, c.expiration_date, t.name as certificate, u.realname as holder
    from sys_certificate_ability c left join sys_certificate_ability_type t on t.id = c.type_id left join sys_user u on u.id = c.user_id
    where u.id is null or u.del_flag = 0`,
  sql<ExpiringRow>`select c.id, c.tenant_id, c.user_id, c.expiration_date, c.name as certificate, u.realname as holder
    from sys_certificate_personal c left join sys_user u on u.id = c.user_id
    where u.id is null or u.del_flag = 0`,
  sql<ExpiringRow>`select u.id, m.tenant_id, u.id as user_id, u.certificate_validity as expiration_date, u.certificate_name as certificate, u.realname as holder
    from sys_user u inner join sys_user_tenant m on m.user_id = u.id
    where u.del_flag = 0 and u.certificate_validity is not null`,
];

const dayText = (value: unknown) => (typeof value === 'string' ? value.slice(0, 10) : dayjs(value as Date).format('YYYY-MM-DD'));

/** The holder (when a member of the tenant) and the tenant's quality officers, each once. */
async function recipientsOf(db: Kysely<Database>, tenantId: number, holder: string | null, qualityRole: string): Promise<string[]> {
  const officers = await db
    .selectFrom('sysUserRole')
    .innerJoin('sysRole', 'sysRole.id', 'sysUserRole.roleId')
    .innerJoin('sysUserTenant', 'sysUserTenant.userId', 'sysUserRole.userId')
    .select('sysUserRole.userId')
    .where('sysRole.roleCode', '=', qualityRole)
    // the quality role of this tenant: holding it in another tenant makes nobody an officer here
    .where('sysRole.tenantId', '=', tenantId)
    .where('sysRole.status', '=', 1)
    .where('sysUserTenant.tenantId', '=', tenantId)
    .execute();
  const members = holder ? await db.selectFrom('sysUserTenant').select('userId').where('tenantId', '=', tenantId).where('userId', '=', holder).execute() : [];
  return [...new Set([...members, ...officers].map((row) => row.userId))];
}

/**
 * Sends one system message per certificate that expires within `days` (today included) to its holder
 * and the tenant's quality officers, through the notice system (a published USER announcement and the
 * sockets). A certificate is announced once per expiry date: the announcement's id is derived from
 * (tenant, certificate, date), so a second run — or a second server — inserts nothing. Renewing the
 * certificate (a new expiry date) announces it again when that date comes near. Returns how many were sent.
 */
export async function sendExpiryNotices(db: Kysely<Database>, announce: AnnounceNotice, options: ExpiryNoticeOptions): Promise<number> {
  const today = options.today ?? dayjs().format('YYYY-MM-DD');
  const until = dayjs(today).add(options.days, 'day').format('YYYY-MM-DD');
  const reader = db.withoutPlugins();
  const expiring: ExpiringRow[] = [];
  for (const source of SOURCES) {
    const { rows } = await sql<ExpiringRow>`select * from (${source}) e where e.expiration_date >= ${today} and e.expiration_date <= ${until}`.execute(reader);
    expiring.push(...rows);
  }
  let sent = 0;
  for (const row of expiring) {
    const tenantId = Number(row.tenant_id);
    const date = dayText(row.expiration_date);
    const busId = `cert-expiry:${row.id}:${date}`;
    const id = createHash('sha256').update(`${tenantId}\u0000${busId}`).digest('hex').slice(0, 32);
    const params = { holder: row.holder ?? '', certificate: row.certificate ?? '', date };
    const title = expiryText('title', 'zh-CN', params);
    const message = await db.transaction().execute(async (trx) => {
      const recipients = await recipientsOf(trx, tenantId, row.user_id, options.qualityRole);
      if (recipients.length === 0) return null;
      const now = nowText();
      const notices = noticeTrx(trx);
      const inserted = await notices
        .insertInto('sysAnnouncement')
        .values({
          id,
          tenantId,
          titile: title,
          msgContent: expiryText('content', 'zh-CN', params),
          sender: SYSTEM_SENDER,
          priority: 'H',
          msgCategory: '2',
          msgType: 'USER',
          userIds: recipients.join(','),
          sendStatus: SEND_STATUS.published,
          sendTime: now,
          cancelTime: null,
          openType: null,
          openPage: null,
          busId,
          createBy: SYSTEM_SENDER,
          createTime: now,
          updateBy: null,
          updateTime: null,
          version: 1,
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .executeTakeFirst();
      // announced before (an earlier run, another server)
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return null;
      await notices
        .insertInto('sysAnnouncementSend')
        .values(
          recipients.map((userId) => ({
            id: newId(),
            tenantId,
            anntId: id,
            userId,
            readFlag: READ_FLAG.unread,
            readTime: null,
            createBy: SYSTEM_SENDER,
            createTime: now,
            version: 1,
          })),
        )
        .execute();
      return { tenantId, msgId: id, cmd: 'user' as const, msgTxt: title };
    });
    if (message) {
      sent += 1;
      await announce(message);
    }
  }
  return sent;
}

export interface ExpiryNotices {
  /** stops the daily runs and waits for one in flight (the database closes after it) */
  stop(): Promise<void>;
}

/** Runs sendExpiryNotices at start and then once a day (CLOUDLAB_EXPIRY_NOTICE_DAYS, CLOUDLAB_QUALITY_ROLE). */
export function startExpiryNotices(
  db: Kysely<Database>,
  announce: AnnounceNotice,
  options: Omit<ExpiryNoticeOptions, 'today'> & { everyMs?: number; onError?: (error: unknown) => void },
): ExpiryNotices {
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    running = running.then(() => sendExpiryNotices(db, announce, options)).catch((error: unknown) => options.onError?.(error));
  };
  tick();
  const timer = setInterval(tick, options.everyMs ?? DAY_MS);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
