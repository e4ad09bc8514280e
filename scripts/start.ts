// npm start: builds the client when dist/client is missing or stale, then starts the server
// (server/main.ts) on PORT (default 8080) with the embedded SQLite database under CLOUDLAB_DATA_DIR.
import { ensureClientBuild } from './clientBuild.js';

await ensureClientBuild();
await import('../server/main.js');
