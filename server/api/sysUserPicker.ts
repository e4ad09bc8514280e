import { sql, type RawBuilder } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { visibleContainsSql } from '../engine/containsText.js';
import type { ModelStore } from '../engine/store/modelStore.js';
import { appError } from '../errors.js';
import { toJeecgEnvelope } from '../envelopes/toJeecgEnvelope.js';
import { authOf } from '../plugins/accessPlugin.js';
import { idList } from '../permission/hookInput.js';
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

/** What a user picker shows of a user: no personal data beyond the name (null where the caller's roles hide it). */
interface PickedUser {
  id: string;
  username: string | null;
  realname: string | null;
  status: number;
  orgCode: string | null;
  departIds: string;
}

const USER_MODEL = 'system.user';

/** What the caller's roles let a picker show and search of system.user (field access, fieldAccess.ts). */
interface Sight {
  hidden: ReadonlySet<string>;
  /** "any of these fields contains the text", over the ones the caller sees (nothing matches when none) */
  contains(fields: readonly string[], text: string): RawBuilder<unknown>;
}

/**
 * The user calls Jeecg's user pickers make (JSelectUserByDep, JSelectMultiUser: /sys/user/list,
 * queryById, queryByIds, queryUserByDepId). Any signed-in user may call them: every form with a user
 * field needs them. They answer the users of the caller's tenant only, with names, never personal data,
 * and follow system.user's field access: a name or account the caller's roles hide there (left out of
 * the users list and of every reference label) is null here, is not searched, and orders nothing.
 */
export default async function sysUserPickerRoutes(app: FastifyInstance, options: { store: ModelStore }): Promise<void> {
  const { db } = app.ctx.db;
  const access = { access: 'authenticated' } as const;

  async function sightOf(request: Parameters<typeof authOf>[0]): Promise<Sight> {
    const users = options.store.current().entries.get(USER_MODEL)!.compiled;
    const fields = (await options.store.env.scopeOf(authOf(request), users)).fields;
    return { hidden: fields?.hidden ?? new Set(), contains: (names, text) => visibleContainsSql(users, names, text, fields) };
  }

  /** Orders by a name column, then id; refused when the caller's roles hide it (the order would spell out the hidden names). */
  function orderBy(sight: Sight, column: 'username' | 'realname', direction: 'asc' | 'desc' = 'asc'): RawBuilder<unknown> {
    if (sight.hidden.has(column)) throw appError('CL_ERR_FIELD_UNKNOWN', { field: column });
    const order = sql.raw(direction);
    return sql`order by ${sql.ref(column)} ${order}, id ${order}`;
  }

  /** The listed order of a set of users: by name, else (the name hidden) by account, else by id. */
  function nameOrder(sight: Sight): RawBuilder<unknown> {
    const shown = (['realname', 'username'] as const).find((c) => !sight.hidden.has(c));
    return shown ? orderBy(sight, shown) : sql`order by id`;
  }

  async function picked(sight: Sight, tenantId: number, where: RawBuilder<unknown>[], tail: RawBuilder<unknown> = sql``): Promise<PickedUser[]> {
    const conditions = sql.join([memberOfTenant(tenantId), sql`del_flag = 0`, ...where], sql` and `);
    const { rows } = await sql<
      Omit<PickedUser, 'departIds'>
    >`select id, username, realname, status, org_code from sys_user where ${conditions} ${tail}`.execute(db);
    if (rows.length === 0) return [];
    // an account shared with other tenants has departments there too: not the caller's to see
    const links = await db
      .selectFrom('sysUserDepart')
      .select(['userId', 'depId'])
      .where(
        'userId',
        'in',
        rows.map((r) => r.id),
      )
      .where('depId', 'in', db.selectFrom('sysDepart').select('id').where('tenantId', '=', tenantId))
      .execute();
    // the current department (one value of the shared row) only when it names a department of this tenant
    const codes = rows.map((r) => r.orgCode).filter((c): c is string => c !== null && c !== '');
    const known = new Set(
      codes.length === 0
        ? []
        : (
            await db
              .selectFrom('sysDepart')
              .select('orgCode')
              .where('tenantId', '=', tenantId)
              .where('orgCode', 'in', [...new Set(codes)])
              .execute()
          ).map((d) => d.orgCode),
    );
    const current = (r: { orgCode: string | null }) => (r.orgCode !== null && known.has(r.orgCode) ? r.orgCode : null);
    const shown = (name: 'username' | 'realname' | 'orgCode', value: string | null) => (sight.hidden.has(name) ? null : value);
    return rows.map((r) => ({
      ...r,
      username: shown('username', r.username),
      realname: shown('realname', r.realname),
      orgCode: shown('orgCode', current(r)),
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
    const sight = await sightOf(request);
    const where: RawBuilder<unknown>[] = [];
    if (username?.trim()) where.push(sight.contains(['username'], username.trim()));
    if (realname?.trim()) where.push(sight.contains(['realname'], realname.trim()));
    if (keyword?.trim()) where.push(sight.contains(['username', 'realname'], keyword.trim()));
    // a sort by a name the caller may not see would order the rows by it: refused like the users list refuses it
    const sorted = column === 'createTime' ? sql`order by create_time ${sql.raw(order)}, id ${sql.raw(order)}` : orderBy(sight, column, order);
    if (departId) where.push(linkedUsers('sys_user_depart', 'dep_id', [departId]));
    const conditions = sql.join([memberOfTenant(auth.tenantId), sql`del_flag = 0`, ...where], sql` and `);
    const [count] = (await sql<{ total: number | string }>`select count(*) as total from sys_user where ${conditions}`.execute(db)).rows;
    const total = Number(count?.total ?? 0);
    const tail = sql`${sorted} limit ${pageSize} offset ${(pageNo - 1) * pageSize}`;
    const records = await picked(sight, auth.tenantId, where, tail);
    return toJeecgEnvelope({ records, total, size: pageSize, current: pageNo, pages: Math.ceil(total / pageSize) });
  });

  app.get<{ Querystring: { id: string } }>(
    '/sys/user/queryById',
    { schema: { querystring: closedObject({ id, _t: t }, ['id']) }, config: access },
    async (request) => {
      const [user] = await picked(await sightOf(request), authOf(request).tenantId, [sql`id = ${request.query.id}`]);
      if (!user) throw appError('CL_ERR_RECORD_NOT_FOUND');
      return toJeecgEnvelope(user);
    },
  );

  app.get<{ Querystring: { userIds: string } }>(
    '/sys/user/queryByIds',
    { schema: { querystring: closedObject({ userIds: { type: 'string', maxLength: 70_000 }, _t: t }, ['userIds']) }, config: access },
    async (request) => {
      const ids = idList(request.query.userIds, 'userIds');
      if (ids.length === 0) return toJeecgEnvelope([]);
      const sight = await sightOf(request);
      return toJeecgEnvelope(await picked(sight, authOf(request).tenantId, [sql`id in (${sql.join(ids)})`], nameOrder(sight)));
    },
  );

  app.get<{ Querystring: { id: string } }>(
    '/sys/user/queryUserByDepId',
    { schema: { querystring: closedObject({ id, _t: t }, ['id']) }, config: access },
    async (request) => {
      const sight = await sightOf(request);
      const users = await picked(sight, authOf(request).tenantId, [linkedUsers('sys_user_depart', 'dep_id', [request.query.id])], nameOrder(sight));
      return toJeecgEnvelope(users);
    },
  );
}
