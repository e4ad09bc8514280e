import type { FastifyInstance, FastifyRequest } from 'fastify';
import { toJeecgEnvelope } from '../envelopes/toJeecgEnvelope.js';
import { appError } from '../errors.js';
import { noticeDb } from '../notices/noticeTables.js';
import { findVisible, markRead, myAnnouncements, unreadIds, unreadLists, type NoticeReader } from '../notices/userAnnouncements.js';
import { authOf } from '../plugins/accessPlugin.js';

const t = { type: 'string', maxLength: 20 } as const;
const id = { type: 'string', minLength: 1, maxLength: 36 } as const;

const listByUserQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { _t: t, pageSize: { type: 'integer', minimum: 1, maximum: 50, default: 10 } },
} as const;

const queryByIdQuery = { type: 'object', required: ['id'], additionalProperties: false, properties: { _t: t, id } } as const;

const markReadBody = { type: 'object', required: ['anntId'], additionalProperties: false, properties: { anntId: id } } as const;

const myListQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    _t: t,
    pageNo: { type: 'integer', minimum: 1, maximum: 100000, default: 1 },
    pageSize: { type: 'integer', minimum: 1, maximum: 100, default: 10 },
    titile: { type: 'string', maxLength: 100 },
    msgCategory: { enum: ['1', '2', ''] },
    readFlag: { enum: ['0', '1', ''] },
  },
} as const;

const noQuery = { type: 'object', additionalProperties: false, properties: { _t: t } } as const;

interface ListByUserQuery {
  pageSize: number;
}
interface MyListQuery {
  pageNo: number;
  pageSize: number;
  titile?: string;
  msgCategory?: string;
  readFlag?: string;
}

function readerOf(request: FastifyRequest): NoticeReader {
  const auth = authOf(request);
  return { userId: auth.userId, username: auth.username, tenantId: auth.tenantId };
}

/**
 * The signed-in user's own announcements (spec 000 §2 header bell, §7; api-contract.md "Announcements
 * and sockets"): any signed-in user, and only what they may see. An announcement that is not theirs
 * answers exactly like one that does not exist, so ids reveal nothing (security.md §5). Writing and
 * publishing them is the system.announcement model's screen.
 */
export default async function announcementRoutes(app: FastifyInstance): Promise<void> {
  const db = noticeDb(app.ctx.db.db);
  const textSearch = app.ctx.db.adapter.textSearch;
  const authenticated = { access: 'authenticated' } as const;

  app.get<{ Querystring: ListByUserQuery }>(
    '/sys/annountCement/listByUser',
    { schema: { querystring: listByUserQuery }, config: authenticated },
    async (request) => toJeecgEnvelope(await unreadLists(db, readerOf(request), request.query.pageSize)),
  );

  app.get<{ Querystring: { id: string } }>(
    '/sys/annountCement/queryById',
    { schema: { querystring: queryByIdQuery }, config: authenticated },
    async (request) => {
      const found = await findVisible(db, readerOf(request), request.query.id);
      if (!found) throw appError('CL_ERR_RECORD_NOT_FOUND');
      return toJeecgEnvelope(found);
    },
  );

  for (const method of ['PUT', 'POST'] as const) {
    app.route<{ Body: { anntId: string } }>({
      method,
      url: '/sys/sysAnnouncementSend/editByAnntIdAndUserId',
      schema: { body: markReadBody },
      config: authenticated,
      handler: async (request) => {
        const reader = readerOf(request);
        if (!(await findVisible(db, reader, request.body.anntId))) throw appError('CL_ERR_RECORD_NOT_FOUND');
        await markRead(db, reader, [request.body.anntId]);
        return toJeecgEnvelope(null);
      },
    });
  }

  app.get<{ Querystring: MyListQuery }>(
    '/sys/sysAnnouncementSend/getMyAnnouncementSend',
    { schema: { querystring: myListQuery }, config: authenticated },
    async (request) => toJeecgEnvelope(await myAnnouncements(db, textSearch, readerOf(request), request.query)),
  );

  app.put('/sys/sysAnnouncementSend/readAll', { schema: { querystring: noQuery }, config: authenticated }, async (request) => {
    const reader = readerOf(request);
    await markRead(db, reader, await unreadIds(db, reader));
    return toJeecgEnvelope(null);
  });
}
