import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isApiPath } from './accessPlugin.js';

/** The answer header naming the dictionaries' version (DictCache.version). */
export const DICT_VERSION_HEADER = 'x-dict-version';

/**
 * Every answer to a signed-in caller's API request names the version of the dictionaries, so a browser
 * that cached them (sysAllDictItems) drops them when they change — after its own save, and on its next
 * request after another user's. The version is read from the dictionary cache, which reloads after a
 * dictionary write on this server and within its TTL on others.
 */
async function dictVersionPlugin(app: FastifyInstance): Promise<void> {
  app.addHook('onSend', async (request, reply) => {
    // a socket's upgrade answer is no API answer a client reads headers from
    if (!request.auth || !isApiPath(request.url) || /^\/(websocket|vxeSocket)(\/|\?|$)/.test(request.url)) return;
    // the answer itself never fails for it: without a version the client keeps its dictionaries a while longer
    const version = await app.ctx.dicts.version().catch((error: unknown) => {
      request.log.warn({ err: error }, 'dictionary version unavailable');
      return undefined;
    });
    if (version !== undefined) reply.header(DICT_VERSION_HEADER, version);
  });
}

export default fp(dictVersionPlugin, { name: 'cloudlab-dict-version', dependencies: ['cloudlab-access'] });
