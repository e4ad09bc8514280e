import dayjs from 'dayjs';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { DATE_FORMAT } from '../db/timestamps.js';
import { assertQueryNames } from '../engine/requestParts.js';
import { toJeecgEnvelope } from '../envelopes/toJeecgEnvelope.js';
import { successMessage } from '../i18n/messages.js';
import { LOG_TYPE } from '../logs/sysLog.js';
import { authOf } from '../plugins/accessPlugin.js';

const noQuery = { type: 'object', properties: { _t: { type: 'string', maxLength: 20 } } } as const;
const VISIT_DAYS = 7;

interface DayCount {
  day: string;
  visit: number | string;
  ip: number | string;
}

/**
 * The home page's visit figures (JeecgBoot's /sys/loginfo and /sys/visitInfo), counted from the sign-ins
 * of the login log (sys_log, type 1) of the caller's tenant:
 * - GET /sys/loginfo → {totalVisitCount, todayVisitCount, todayIp} (today's distinct addresses);
 * - GET /sys/visitInfo → the last seven days, oldest first, each {visit, ip, tian: 'YYYY-MM-DD', type: 'MM-DD'}
 *   (a day without sign-ins is there with zeros, so a chart has seven points).
 * Any signed-in user may read them, as the home page shows them to everyone; they hold counts only.
 */
export default async function sysLogInfoRoutes(app: FastifyInstance): Promise<void> {
  const db = app.ctx.db.db;
  // sign-ins only: the login log also holds sign-outs
  const signIns = (tenantId: number) => sql`tenant_id = ${tenantId} and log_type = ${LOG_TYPE.login} and request_url = ${'/sys/login'}`;

  app.get('/sys/loginfo', { schema: { querystring: noQuery }, config: { access: 'authenticated' } }, async (request) => {
    assertQueryNames(request, ['_t']);
    const { tenantId } = authOf(request);
    const today = dayjs().format(DATE_FORMAT);
    const { rows } = await sql<{ total: number | string; today: number | string; ips: number | string }>`
      select count(*) as total,
        sum(case when create_time >= ${today} then 1 else 0 end) as today,
        count(distinct case when create_time >= ${today} then ip end) as ips
      from sys_log where ${signIns(tenantId)}`.execute(db);
    const row = rows[0];
    return toJeecgEnvelope(
      { totalVisitCount: Number(row?.total ?? 0), todayVisitCount: Number(row?.today ?? 0), todayIp: Number(row?.ips ?? 0) },
      successMessage('done', request.lang),
    );
  });

  app.get('/sys/visitInfo', { schema: { querystring: noQuery }, config: { access: 'authenticated' } }, async (request) => {
    assertQueryNames(request, ['_t']);
    const { tenantId } = authOf(request);
    const first = dayjs()
      .subtract(VISIT_DAYS - 1, 'day')
      .startOf('day');
    const { rows } = await sql<DayCount>`
      select substr(create_time, 1, 10) as day, count(*) as visit, count(distinct ip) as ip
      from sys_log where ${signIns(tenantId)} and create_time >= ${first.format(DATE_FORMAT)}
      group by substr(create_time, 1, 10)`.execute(db);
    const byDay = new Map(rows.map((r) => [r.day, r]));
    const days = Array.from({ length: VISIT_DAYS }, (_, i) => {
      const day = first.add(i, 'day');
      const row = byDay.get(day.format(DATE_FORMAT));
      return { visit: Number(row?.visit ?? 0), ip: Number(row?.ip ?? 0), tian: day.format(DATE_FORMAT), type: day.format('MM-DD') };
    });
    return toJeecgEnvelope(days, successMessage('done', request.lang));
  });
}
