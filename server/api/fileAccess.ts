import type { Kysely } from 'kysely';
import type { FastifyRequest } from 'fastify';
import { escapeLike } from '../db/dialects/escapeLike.js';
import type { Database } from '../db/schema.js';
import { referencedInReach } from '../engine/fileReferences.js';
import type { ModelStore } from '../engine/store/modelStore.js';
import { createFileStore, type StoredFile } from '../files/fileStore.js';
import { noticeDb } from '../notices/noticeTables.js';
import { mentionedInVisible } from '../notices/userAnnouncements.js';
import { authOf, type AuthContext } from '../plugins/accessPlugin.js';

/**
 * Who may read a stored file (security.md rule 16, docs/api.md "Files"): a file of the caller's tenant, and
 * then only its uploader, or a caller who may read a record naming it (engine/fileReferences.ts: a record in
 * their reach, a recycle-bin or change-log entry they may read, their own personal information) or an
 * announcement they may see. Anyone else gets the answer of a file that does not exist, so a guessed or leaked
 * address tells nothing. The same rule decides which files a write may put into a record (refusedFiles).
 */
export function createFileAccess(store: ModelStore, db: Kysely<Database>, dataDir: string) {
  const files = createFileStore(dataDir);

  async function readable(auth: AuthContext, file: StoredFile, executor: Kysely<Database>): Promise<boolean> {
    if (file.tenantId !== auth.tenantId) return false;
    if (file.userId === auth.userId) return true;
    if (await referencedInReach(store.env, executor, auth, file.name)) return true;
    const reader = { userId: auth.userId, username: auth.username, tenantId: auth.tenantId };
    return mentionedInVisible(noticeDb(executor), reader, `%${escapeLike(file.name)}%`);
  }

  return {
    /** a download: the stored file the route found */
    mayRead: (request: FastifyRequest, file: StoredFile) => readable(authOf(request), file, db),
    /** a write naming a file by its stored name (EngineEnv.fileReadable): unknown names are not readable */
    async mayUse(auth: AuthContext, name: string, executor: Kysely<Database>): Promise<boolean> {
      const file = await files.find(name);
      return file !== null && (await readable(auth, file, executor));
    },
  };
}

export type FileAccess = ReturnType<typeof createFileAccess>;
