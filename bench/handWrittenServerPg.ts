// The PostgreSQL baseline of the list benchmark: handWrittenServer.ts's route with node-postgres —
// the same session/permission checks and page SQL as the generic endpoint (ILIKE, PostgreSQL's
// case-insensitive LIKE, and LIKE for a keyword with no cased letter, as the engine's textSearch.ts
// chooses since f1741f2, so the ratio compares the same statements), named prepared statements, a pool as
// large as the server's, a total cached per keyword. No engine, no Kysely.
import { createHash } from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL!, max: Number(process.env.CLOUDLAB_PG_POOL_SIZE ?? 10) });

const SESSION = `select s.user_id as "userId" from sys_session s join sys_user u on u.id = s.user_id
   where s.id = $1 and s.revoked_at is null and s.expires_at > $2 and u.status = 1 and u.del_flag = 0`;
const TENANTS = 'select tenant_id as "tenantId" from sys_user_tenant where user_id = $1 order by tenant_id';
const PERMISSION = `select 1 from sys_user_role ur join sys_role r on r.id = ur.role_id join sys_role_permission rp on rp.role_id = ur.role_id
   join sys_permission p on p.id = rp.permission_id
   where ur.user_id = $1 and r.status = 1 and p.perms = $2 and p.status = '1' and p.del_flag = 0 limit 1`;
const COLUMNS =
  'id, tenant_id as "tenantId", full_name as "fullName", en_code as "enCode", organize_id as "organizeId", enabled_mark as "enabledMark", sort_code as "sortCode", description, create_by as "createBy", create_time as "createTime", update_by as "updateBy", update_time as "updateTime", version';
const CASED = /[\p{Cased}\p{Changes_When_Casemapped}]/u;
const statements = (operator: 'ilike' | 'like') => {
  const where = `where tenant_id = $1 and (full_name ${operator} $2 escape '\\' or en_code ${operator} $2 escape '\\')`;
  return {
    page: { name: `page-${operator}`, text: `select ${COLUMNS} from sys_position ${where} order by sort_code asc, id asc limit $3 offset $4` },
    count: { name: `count-${operator}`, text: `select count(*)::int as total from sys_position ${where}` },
  };
};
const CASE_INSENSITIVE = statements('ilike');
const CASELESS = statements('like');
const totals = new Map<string, number>();
const STATE = new Map([
  ['1', '启用'],
  ['0', '禁用'],
]);

async function query<Row>(name: string, text: string, values: unknown[]): Promise<Row[]> {
  return (await pool.query({ name, text, values })).rows as Row[];
}

const app = Fastify();
app.get<{ Querystring: { keyword?: string; currentPage?: string; pageSize?: string } }>('/bench/positions', async (request, reply) => {
  const token = request.headers['x-access-token'];
  const [row] =
    typeof token === 'string' ? await query<{ userId: string }>('session', SESSION, [createHash('sha256').update(token).digest('hex'), Date.now()]) : [];
  if (!row) return reply.status(401).send({ code: 602, msg: 'Token失效，请重新登录!' });
  const tenantId = (await query<{ tenantId: number }>('tenants', TENANTS, [row.userId]))[0]!.tenantId;
  if ((await query('permission', PERMISSION, [row.userId, 'system:position:list'])).length === 0) return reply.status(403).send({ code: 403, msg: '没有权限' });
  const currentPage = Number(request.query.currentPage ?? 1);
  const pageSize = Number(request.query.pageSize ?? 20);
  const keyword = request.query.keyword ?? '';
  const like = `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const { page, count } = CASED.test(keyword) ? CASE_INSENSITIVE : CASELESS;
  const list = await query<Record<string, unknown>>(page.name, page.text, [tenantId, like, pageSize, (currentPage - 1) * pageSize]);
  for (const r of list) r.enabledMark_dictText = STATE.get(String(r.enabledMark));
  const key = `${tenantId}:${like}`;
  let total = totals.get(key);
  if (total === undefined) totals.set(key, (total = (await query<{ total: number }>(count.name, count.text, [tenantId, like]))[0]!.total));
  return { code: 200, msg: 'Success', data: { list, pagination: { currentPage, pageSize, total } } };
});

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
