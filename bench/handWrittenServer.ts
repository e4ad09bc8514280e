// The baseline of the list benchmark: what a careful engineer would write by hand for the same
// screen — Fastify, better-sqlite3 prepared statements, the same session/permission checks and the
// same page SQL as the generic endpoint, a total cached per keyword. No engine, no Kysely.
import { createHash } from 'node:crypto';
import path from 'node:path';
import Database from 'better-sqlite3';
import Fastify from 'fastify';

const dataDir = process.env.CLOUDLAB_DATA_DIR!;
const db = new Database(path.join(dataDir, 'cloudlab.db'), { readonly: true });
db.pragma('busy_timeout = 5000');

const session = db.prepare(
  `select s.user_id as userId from sys_session s join sys_user u on u.id = s.user_id
   where s.id = ? and s.revoked_at is null and s.expires_at > ? and u.status = 1 and u.del_flag = 0`,
);
const tenants = db.prepare('select tenant_id as tenantId from sys_user_tenant where user_id = ? order by tenant_id');
const permission = db.prepare(
  `select 1 from sys_user_role ur join sys_role r on r.id = ur.role_id join sys_role_permission rp on rp.role_id = ur.role_id
   join sys_permission p on p.id = rp.permission_id
   where ur.user_id = ? and r.status = 1 and p.perms = ? and p.status = '1' and p.del_flag = 0 limit 1`,
);
const COLUMNS =
  'id, tenant_id as tenantId, full_name as fullName, en_code as enCode, organize_id as organizeId, enabled_mark as enabledMark, sort_code as sortCode, description, create_by as createBy, create_time as createTime, update_by as updateBy, update_time as updateTime, version';
const WHERE = `where tenant_id = ? and (full_name like ? escape '\\' or en_code like ? escape '\\')`;
const page = db.prepare(`select ${COLUMNS} from sys_position ${WHERE} order by sort_code asc, id asc limit ? offset ?`);
const count = db.prepare(`select count(*) as total from sys_position ${WHERE}`);
const totals = new Map<string, number>();
const STATE = new Map([
  ['1', '启用'],
  ['0', '禁用'],
]);

const app = Fastify();
app.get<{ Querystring: { keyword?: string; currentPage?: string; pageSize?: string } }>('/bench/positions', async (request, reply) => {
  const token = request.headers['x-access-token'];
  const row =
    typeof token === 'string' ? (session.get(createHash('sha256').update(token).digest('hex'), Date.now()) as { userId: string } | undefined) : undefined;
  if (!row) return reply.status(401).send({ code: 602, msg: 'Token失效，请重新登录!' });
  const tenantId = (tenants.all(row.userId) as { tenantId: number }[])[0]!.tenantId;
  if (!permission.get(row.userId, 'system:position:list')) return reply.status(403).send({ code: 403, msg: '没有权限' });
  const currentPage = Number(request.query.currentPage ?? 1);
  const pageSize = Number(request.query.pageSize ?? 20);
  const like = `%${(request.query.keyword ?? '').replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const list = page.all(tenantId, like, like, pageSize, (currentPage - 1) * pageSize) as Record<string, unknown>[];
  for (const r of list) r.enabledMark_dictText = STATE.get(String(r.enabledMark));
  const key = `${tenantId}:${like}`;
  let total = totals.get(key);
  if (total === undefined) totals.set(key, (total = (count.get(tenantId, like, like) as { total: number }).total));
  return { code: 200, msg: 'Success', data: { list, pagination: { currentPage, pageSize, total } } };
});

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
