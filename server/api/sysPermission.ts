import type { FastifyInstance } from 'fastify';
import { buildButtonAuth } from '../auth/buttonAuth.js';
import { buildMenuTree } from '../auth/menuTree.js';
import { grantedPermissionIds, loadPermissionRows } from '../auth/userPermissions.js';
import { toJeecgEnvelope } from '../envelopes/toJeecgEnvelope.js';
import { authOf } from '../plugins/accessPlugin.js';

const noQuery = { type: 'object', properties: { _t: { type: 'string', maxLength: 20 } } } as const;

/** GET /sys/permission/getUserPermissionByToken (api-contract.md "Session"). */
export default async function sysPermissionRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx.db;
  const tokenHosts = new Set(app.ctx.config.tokenUrlHosts);

  app.get('/sys/permission/getUserPermissionByToken', { schema: { querystring: noQuery }, config: { access: 'authenticated' } }, async (request) => {
    const auth = authOf(request);
    const [rows, grantedIds] = await Promise.all([loadPermissionRows(db), grantedPermissionIds(db, auth)]);
    const translate = (zh: string) => app.ctx.translate(zh, request.lang);
    return toJeecgEnvelope({ menu: buildMenuTree(rows, grantedIds, translate, tokenHosts), ...buildButtonAuth(rows, grantedIds, translate) });
  });
}
