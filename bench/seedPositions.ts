import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { buildApp } from '../server/app.js';
import { newId } from '../server/db/ids.js';
import { nowText } from '../server/db/timestamps.js';

export const BENCH_PASSWORD = 'Bench2026pass';
// Eight words so that one keyword matches roughly a quarter of the rows, like a real "contains" search.
export const WORDS = ['检测', '试验', '质量', '设备', '样品', '报告', '技术', '仓储'];

/**
 * A data folder whose SQLite database holds `rows` positions of tenant 1, created through the real
 * server (tables, indexes, admin) and filled in one transaction. Reused across runs when it matches.
 */
export async function seededDataDir(root: string, rows: number): Promise<string> {
  const dir = path.join(root, `positions-${rows}`);
  const marker = path.join(dir, 'seeded.json');
  if (fs.existsSync(marker)) return dir;
  fs.rmSync(dir, { recursive: true, force: true });
  const app = await buildApp({ config: { dataDir: dir, databaseUrl: null, adminPassword: BENCH_PASSWORD }, adminPasswordFinal: true });
  await app.close();

  const db = new Database(path.join(dir, 'cloudlab.db'));
  const insert = db.prepare(
    `insert into sys_position (id, tenant_id, full_name, en_code, organize_id, enabled_mark, sort_code, description, create_by, create_time, version)
     values (?, 1, ?, ?, null, ?, ?, ?, 'bench', ?, 1)`,
  );
  let seed = 42;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const started = Date.now();
  db.transaction(() => {
    for (let i = 0; i < rows; i++) {
      const name = `${WORDS[Math.floor(random() * WORDS.length)]}${WORDS[Math.floor(random() * WORDS.length)]}岗位${i}`;
      insert.run(newId(), name, `P${i}`, random() < 0.9 ? 1 : 0, Math.floor(random() * 1000), `第${i}号岗位的职责说明`, nowText());
    }
  })();
  db.exec('analyze');
  db.close();
  fs.writeFileSync(marker, JSON.stringify({ rows, seededInMs: Date.now() - started }));
  return dir;
}
