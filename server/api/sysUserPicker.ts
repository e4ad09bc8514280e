import { sql, type RawBuilder } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { appError } from '../errors.js';
import { toJeecgEnvelope } from '../envelopes/toJeecgEnvelope.js';
import { authOf } from '../plugins/accessPlugin.js';
import { containsSql, idList } from '../permission/hookInput.js';
import { linkedUsers, memberOfTenant } from '../permission/userQueries.js';
import { closedObject } from './closedBody.js';

const t = { type: 'string', maxLength: 20 } as const;
const text = { type: 'string', maxLength: 100 } as const;
const id = { type: 'string', minLength: 1, maxLength: 64 } as const;
const listQuery = closedObject(
  {
    pageNo: { type: 'integer', minimum: 1, maximum: 100_000 },
    pageSize: { type: 'integer', minimum: 1, maximum: 500 },
    username: text,
    realname: text,
    keyword: text,
    departId: id,
    column: { type: 'string', enum: ['username', 'realname', 'createTime'] },
    order: { type: 'string', enum: ['asc', 'desc'] },
    _t: t,
  },
  [],
);

interface ListQuery {
  pageNo?: number;
  pageSize?: number;
  username?: string;
  realname?: string;
  keyword?: string;
  departId?: string;
  column?: 'username' | 'realname' | 'createTime';
  order?: 'asc' | 'desc';
}

const SORT_COLUMNS = { username: 'username', realname: 'realname', createTime: 'create_time' } as const;

/** What a user picker shows of a user: no personal data beyond the name. */
interface PickedUser {
  id: string;
  username: string;
  realname: string;
  status: number;
  orgCode: string | null;
  departIds: string;
}

/**
 * The user calls Jeecg's user pickers make (JSelectUserByDep, JSelectMultiUser: /sys/user/list,
 * queryById, queryByIds, queryUserByDepId). Any signed-in user may call them: every form with a user
 * field needs them. They answer the users of the caller's tenant only, with names, never personal data.
 */
export default async function sysUserPickerRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx.db;
  const access = { access: 'authenticated' } as const;

  async function picked(tenantId: number, where: RawBuilder<unknown>[], tail: RawBuilder<unknown> = sql``): Promise<PickedUser[]> {
    const conditions = sql.join([memberOfTenant(tenantId), sql`del_flag = 0`, ...where], sql` and `);
    const { rows } = await sql<
      Omit<PickedUser, 'departIds'>
    >`select id, username, realname, status, org_code from sys_user where ${conditions} ${tail}`.execute(db);
    if (rows.length === 0) return [];
    const links = await db
      .selectFrom('sysUserDepart')
      .select(['userId', 'depId'])
      .where(
        'userId',
        'in',
        rows.map((r) => r.id),
      )
      .execute();
    return rows.map((r) => ({
      ...r,
      status: Number(r.status),
      departIds: links
        .filter((l) => l.userId === r.id)
        .map((l) => l.depId)
        .join(','),
    }));
  }

  app.get<{ Querystring: ListQuery }>('/sys/user/list', { schema: { querystring: listQuery }, config: access }, async (request) => {
    const { pageNo = 1, pageSize = 10, username, realname, keyword, departId, column = 'createTime', order = 'desc' } = request.query;
    const auth = authOf(request);
    const where: RawBuilder<unknown>[] = [];
    if (username?.trim()) where.push(containsSql(['username'], username.trim()));
    if (realname?.trim()) where.push(containsSql(['realname'], realname.trim()));
    if (keyword?.trim()) where.push(containsSql(['username', 'realname'], keyword.trim()));
    if (departId) where.push(linkedUsers('sys_user_depart', 'dep_id', [departId]));
    const conditions = sql.join([memberOfTenant(auth.tenantId), sql`del_flag = 0`, ...where], sql` and `);
    const [count] = (await sql<{ total: number | string }>`select count(*) as total from sys_user where ${conditions}`.execute(db)).rows;
    const total = Number(count?.total ?? 0);
    const direction = sql.raw(order);
    const tail = sql`order by ${sql.ref(SORT_COLUMNS[column])} ${direction}, id ${direction} limit ${pageSize} offset ${(pageNo - 1) * pageSize}`;
    const records = await picked(auth.tenantId, where, tail);
    return toJeecgEnvelope({ records, total, size: pageSize, current: pageNo, pages: Math.ceil(total / pageSize) });
  });

  app.get<{ Querystring: { id: string } }>(
    '/sys/user/queryById',
    { schema: { querystring: closedObject({ id, _t: t }, ['id']) }, config: access },
    async (request) => {
      const [user] = await picked(authOf(request).tenantId, [sql`id = ${request.query.id}`]);
      if (!user) throw appError('CL_ERR_RECORD_NOT_FOUND');
      return toJeecgEnvelope(user);
    },
  );

  app.get<{ Querystring: { userIds: string } }>(
    '/sys/user/queryByIds',
    { schema: { querystring: closedObject({ userIds: { type: 'string', maxLength: 70_000 }, _t: t }, ['userIds']) }, config: access },
    async (request) => {
      const ids = idList(request.query.userIds, 'userIds');
      return toJeecgEnvelope(ids.length === 0 ? [] : await picked(authOf(request).tenantId, [sql`id in (${sql.join(ids)})`], sql`order by realname, id`));
    },
  );

  app.get<{ Querystring: { id: string } }>(
    '/sys/user/queryUserByDepId',
    { schema: { querystring: closedObject({ id, _t: t }, ['id']) }, config: access },
    async (request) => {
      const users = await picked(authOf(request).tenantId, [linkedUsers('sys_user_depart', 'dep_id', [request.query.id])], sql`order by realname, id`);
      return toJeecgEnvelope(users);
    },
  );
}
