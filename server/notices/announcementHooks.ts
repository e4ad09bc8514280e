import { sql } from 'kysely';
import type { AnnouncementNotice, NoticeMessage } from '../db/noticeChannel.js';
import { newId } from '../db/ids.js';
import { nowText } from '../db/timestamps.js';
import { appError } from '../errors.js';
import type { HookRegistry, OperationHookContext } from '../engine/hookRegistry.js';
import { noticeTrx, READ_FLAG, SEND_STATUS } from './noticeTables.js';

/** Told after a publish or revoke has committed (the notice bus: every server's sockets). */
export type AnnounceNotice = (message: NoticeMessage) => Promise<void>;

interface AnnouncementRecord {
  id: string;
  titile: string;
  msgType: string;
  userIds: string | null;
}

function recordOf(ctx: OperationHookContext): AnnouncementRecord {
  // target "record": the engine read it through the caller's data scope (a record out of reach is "not found")
  const record = ctx.record!;
  return { id: String(record.id), titile: String(record.titile ?? ''), msgType: String(record.msgType), userIds: (record.userIds as string | null) ?? null };
}

function messageOf(ctx: OperationHookContext, annt: AnnouncementRecord): AnnouncementNotice {
  return { tenantId: ctx.context.tenantId, msgId: annt.id, cmd: annt.msgType === 'ALL' ? 'topic' : 'user', msgTxt: annt.titile };
}

/** The chosen users who belong to the announcement's tenant (anyone else cannot be addressed). */
async function recipientsOf(ctx: OperationHookContext, annt: AnnouncementRecord): Promise<string[]> {
  const ids = [
    ...new Set(
      (annt.userIds ?? '')
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean),
    ),
  ];
  if (ids.length === 0) return [];
  const rows = await ctx.db.selectFrom('sysUserTenant').select('userId').where('tenantId', '=', ctx.context.tenantId).where('userId', 'in', ids).execute();
  return rows.map((r) => r.userId);
}

/**
 * The announcement model's named operations (schemas/system/models/announcement.model.json). Each
 * state change is one conditional update (draft → published → revoked), so two admins racing cannot
 * publish twice or revive a revoked one; the sockets hear of it only after the commit.
 */
export function registerAnnouncementHooks(hooks: HookRegistry, announce: AnnounceNotice): void {
  hooks.registerOperation('announcement.publish', async (ctx) => {
    const annt = recordOf(ctx);
    const trx = noticeTrx(ctx.db);
    const { auth } = ctx.context;
    const now = nowText();
    const recipients = annt.msgType === 'USER' ? await recipientsOf(ctx, annt) : [];
    if (annt.msgType === 'USER' && recipients.length === 0) throw appError('CL_ERR_ANNOUNCEMENT_NO_RECIPIENTS');
    const updated = await trx
      .updateTable('sysAnnouncement')
      .set({
        sendStatus: SEND_STATUS.published,
        sendTime: now,
        sender: auth.realname || auth.username,
        updateBy: auth.username,
        updateTime: now,
        version: sql<number>`version + 1`,
      })
      .where('id', '=', annt.id)
      .where('tenantId', '=', ctx.context.tenantId)
      .where('sendStatus', '=', SEND_STATUS.draft)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) throw appError('CL_ERR_ANNOUNCEMENT_NOT_DRAFT');
    for (let i = 0; i < recipients.length; i += 200) {
      const rows = recipients.slice(i, i + 200).map((userId) => ({
        id: newId(),
        tenantId: ctx.context.tenantId,
        anntId: annt.id,
        userId,
        readFlag: READ_FLAG.unread,
        readTime: null,
        createBy: auth.username,
        createTime: now,
        version: 1,
      }));
      await trx
        .insertInto('sysAnnouncementSend')
        .values(rows)
        .onConflict((oc) => oc.columns(['anntId', 'userId']).doNothing())
        .execute();
    }
    if (recipients.length > 0) ctx.touch('sys_announcement_send');
    ctx.afterCommit(() => announce(messageOf(ctx, annt)));
    return { id: annt.id, sendStatus: SEND_STATUS.published, sendTime: now };
  });

  hooks.registerOperation('announcement.revoke', async (ctx) => {
    const annt = recordOf(ctx);
    const { auth } = ctx.context;
    const now = nowText();
    const updated = await noticeTrx(ctx.db)
      .updateTable('sysAnnouncement')
      .set({ sendStatus: SEND_STATUS.revoked, cancelTime: now, updateBy: auth.username, updateTime: now, version: sql<number>`version + 1` })
      .where('id', '=', annt.id)
      .where('tenantId', '=', ctx.context.tenantId)
      .where('sendStatus', '=', SEND_STATUS.published)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) throw appError('CL_ERR_ANNOUNCEMENT_NOT_PUBLISHED');
    // the bells that show it reload and lose it
    ctx.afterCommit(() => announce(messageOf(ctx, annt)));
    return { id: annt.id, sendStatus: SEND_STATUS.revoked, cancelTime: now };
  });

  // every announcement starts as a draft (the engine applies no default to a field clients cannot
  // write); what was sent stays as sent: a published or revoked announcement is no longer edited
  hooks.register('announcement.draftOnly', async ({ mode, id, db, context, values }) => {
    if (mode === 'create') return { ...values, sendStatus: SEND_STATUS.draft };
    const row = await noticeTrx(db)
      .selectFrom('sysAnnouncement')
      .select('sendStatus')
      .where('id', '=', id)
      .where('tenantId', '=', context.tenantId)
      .executeTakeFirst();
    if (row && row.sendStatus !== SEND_STATUS.draft) throw appError('CL_ERR_ANNOUNCEMENT_NOT_DRAFT');
  });
}
