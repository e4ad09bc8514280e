import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built client (vite build output) at /. Hashed assets are cached for a year; index.html
 * is revalidated on every load so a new build is picked up at once. Registered in its own context
 * whose routes are public: they are the files any browser needs before signing in.
 */
export default async function staticClient(app: FastifyInstance, opts: { root: string }): Promise<void> {
  if (!fs.existsSync(path.join(opts.root, 'index.html'))) {
    app.log.warn(`client not built (${opts.root}/index.html missing): only the API is served; run npm run build`);
    return;
  }
  app.defaultRouteAccess = 'public';
  await app.register(fastifyStatic, {
    root: opts.root,
    wildcard: true,
    index: ['index.html'],
    // else send's own "public, max-age=0" replaces the header set below
    cacheControl: false,
    // .build-stamp and the like are the build's bookkeeping, not the client's files
    dotfiles: 'ignore',
    // the build writes <file>.br and <file>.gz beside each text file (scripts/precompressPlugin.ts): a browser
    // gets the copy its Accept-Encoding takes (brotli first), else the file itself
    preCompressed: true,
    setHeaders(res, filePath) {
      res.setHeader('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      // a shared cache must not hand one browser's encoding to another
      res.setHeader('vary', 'accept-encoding');
    },
  });
}
