// npm start, first half: builds the client when dist/client is missing or stale and the server when
// dist/server is (scripts/serverBuild.ts); package.json then replaces the shell with
// `node dist/server/main.js`, which serves on PORT (default 8080) with the embedded SQLite database
// under CLOUDLAB_DATA_DIR. The server runs as plain JavaScript, not under tsx, for its memory.
import { ensureClientBuild } from './clientBuild.js';
import { ensureServerBuild } from './serverBuild.js';

await ensureClientBuild();
await ensureServerBuild();
