// npm run bench:excel — Excel export and import through the real server in its own process, on SQLite,
// run as `npm start` runs it (the compiled bundle under node, scripts/serverBuild.ts), so its memory is the product's.
// Export: 100,000 rows × 10 columns, streamed; its time and the server's peak memory (RSS sampled from
// /proc every 20 ms) against the budget (≤ 3 s, ≤ 250 MB; ../shared/design/budgets.md). While exports
// run back to back, a list load measures other requests' p99 against the same load without them
// (budget: at most 2×), in `rounds` pairs of the two (each pair's ratio printed, the budget on the mean
// p99s). Import: 10,000 rows in one file, time to the committed answer.
// Options: --rows=100000 --importRows=10000 --seconds=5 --connections=10 --rounds=3
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import ExcelJS from 'exceljs';
import { buildApp } from '../server/app.js';
import { PROJECT_ROOT } from '../server/config.js';
import { newId } from '../server/db/ids.js';
import { nowText } from '../server/db/timestamps.js';
import { meanLoad, runLoad, type LoadResult } from './load.js';
import { peakRss, startBuiltServer, stopProcess, waitForHttp } from './processes.js';

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const ROWS = Number(args.rows ?? 100_000);
const IMPORT_ROWS = Number(args.importRows ?? 10_000);
const SECONDS = Number(args.seconds ?? 5);
const CONNECTIONS = Number(args.connections ?? 10);
const ROUNDS = Number(args.rounds ?? 3);
const PORT = 18291;
const PASSWORD = 'Bench2026pass';
const BASE = '/api/benchio/Record';

const MODEL = {
  version: 1,
  id: 'benchio.record',
  title: '导出基准',
  entity: {
    table: 'bench_io_record',
    fields: {
      code: { type: 'string', label: '编号', required: true, maxLength: 30, unique: true },
      name: { type: 'string', label: '名称', required: true, maxLength: 50 },
      category: { type: 'string', label: '类别', maxLength: 20, dict: 'benchio_category' },
      receivedDate: { type: 'date', label: '收样日期' },
      testedAt: { type: 'datetime', label: '检测时间' },
      quantity: { type: 'integer', label: '数量', minimum: 0 },
      weight: { type: 'number', label: '重量' },
      standard: { type: 'string', label: '检测标准', maxLength: 60 },
      owner: { type: 'string', label: '负责人', maxLength: 30 },
      remark: { type: 'text', label: '备注', maxLength: 200 },
    },
    defaultSort: { field: 'code', order: 'asc' },
  },
  api: { dialect: 'api', base: BASE, operations: { import: true, export: true } },
  list: { columns: ['code', 'name', 'category', 'receivedDate', 'testedAt', 'quantity', 'weight', 'standard', 'owner', 'remark'] },
  permissions: { prefix: 'benchio:record:' },
};
const MODULE = {
  id: 'benchio',
  title: '基准模块',
  dicts: [
    {
      code: 'benchio_category',
      name: '类别',
      items: [
        { value: 'soil', text: '土样' },
        { value: 'water', text: '水样' },
        { value: 'steel', text: '钢材' },
      ],
    },
  ],
};
const CATEGORIES = ['soil', 'water', 'steel'];

function moduleRoot(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cloudlab-bench-io-modules-'));
  fs.mkdirSync(path.join(root, 'benchio', 'models'), { recursive: true });
  fs.writeFileSync(path.join(root, 'benchio', 'module.json'), JSON.stringify(MODULE));
  fs.writeFileSync(path.join(root, 'benchio', 'models', 'record.model.json'), JSON.stringify(MODEL));
  return root;
}

async function seed(dataDir: string, modules: string): Promise<void> {
  const app = await buildApp({
    config: { dataDir, databaseUrl: null, adminPassword: PASSWORD, schemaDirs: [path.join(PROJECT_ROOT, 'schemas'), modules] },
    adminPasswordFinal: true,
  });
  await app.close();
  const db = new Database(path.join(dataDir, 'cloudlab.db'));
  const insert = db.prepare(
    `insert into bench_io_record (id, tenant_id, create_by, create_time, version, code, name, category, received_date, tested_at, quantity, weight, standard, owner, remark)
     values (?, 1, 'bench', ?, 1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  db.transaction(() => {
    for (let i = 0; i < ROWS; i++) {
      const day = String((i % 28) + 1).padStart(2, '0');
      insert.run(
        newId(),
        nowText(),
        `R${String(i).padStart(7, '0')}`,
        `样品记录${i}`,
        CATEGORIES[i % 3],
        `2024-03-${day}`,
        `2024-03-${day} 10:${String(i % 60).padStart(2, '0')}:00`,
        i % 1000,
        (i % 977) / 10,
        'GB/T 50081-2019',
        `检测员${i % 40}`,
        `第${i}号样品的备注说明，用于导出基准`,
      );
    }
  })();
  db.close();
}

/** One export of the whole table through the server, read to its end: its time and size. */
async function exportOnce(headers: Record<string, string>): Promise<{ ms: number; bytes: number }> {
  const started = performance.now();
  const res = await fetch(`http://127.0.0.1:${PORT}${BASE}/Actions/Export`, { headers });
  if (res.status !== 200) throw new Error(`export answered ${res.status}`);
  let bytes = 0;
  for await (const chunk of res.body!) bytes += (chunk as Uint8Array).length;
  return { ms: performance.now() - started, bytes };
}

async function importFile(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('导入');
  sheet.addRow(['编号', '名称', '类别', '收样日期', '检测时间', '数量', '重量', '检测标准', '负责人', '备注']);
  for (let i = 0; i < IMPORT_ROWS; i++)
    sheet.addRow([
      `I${String(i).padStart(7, '0')}`,
      `导入记录${i}`,
      ['土样', '水样', '钢材'][i % 3],
      '2024-04-01',
      '2024-04-01 08:00:00',
      i % 100,
      1.5,
      'GB/T 1',
      '导入员',
      '基准导入',
    ]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function importOnce(headers: Record<string, string>, file: Buffer): Promise<{ ms: number; answer: string }> {
  const form = new FormData();
  form.append('file', new Blob([file]), 'import.xlsx');
  const started = performance.now();
  const res = await fetch(`http://127.0.0.1:${PORT}${BASE}/Actions/Import`, { method: 'POST', headers, body: form });
  const body = (await res.json()) as { code: number; msg: string };
  return { ms: performance.now() - started, answer: `${body.code} ${body.msg}` };
}

const modules = moduleRoot();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cloudlab-bench-io-'));
try {
  console.log(`seeding ${ROWS} rows…`);
  await seed(dataDir, modules);
  const server = await startBuiltServer(PORT, dataDir, { CLOUDLAB_MODULE_DIRS: modules });
  try {
    await waitForHttp(`http://127.0.0.1:${PORT}/readyz`, 120_000);
    const login = (await fetch(`http://127.0.0.1:${PORT}/sys/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: PASSWORD }),
    }).then((r) => r.json())) as { result: { token: string } };
    const headers = { 'x-access-token': login.result.token, tenant_id: '1' };
    await exportOnce(headers); // warm-up: JIT, page cache
    const runs = [];
    for (let i = 0; i < 3; i++) runs.push(await peakRss(server.pid!, () => exportOnce(headers)));
    for (const [i, run] of runs.entries()) {
      console.log(
        `export ${i + 1}: ${ROWS} rows × 10 columns in ${(run.result.ms / 1000).toFixed(2)} s, ${(run.result.bytes / 1024 / 1024).toFixed(1)} MB; server RSS ${run.beforeMb.toFixed(0)} → peak ${run.peakMb.toFixed(0)} MB`,
      );
    }
    const best = Math.min(...runs.map((r) => r.result.ms));
    const peak = Math.max(...runs.map((r) => r.peakMb));
    // budgets.md: 100k rows ≤ 3 s and ≤ 250 MB; 1M rows ≤ 25 s and ≤ 400 MB
    const budget = ROWS >= 1_000_000 ? { s: 25, mb: 400 } : { s: 3, mb: 250 };
    console.log(
      `export budget: ${(best / 1000).toFixed(2)} s (≤ ${budget.s} s) ${best <= budget.s * 1000 ? 'OK' : 'OVER'}; peak RSS ${peak.toFixed(0)} MB (≤ ${budget.mb} MB) ${peak <= budget.mb ? 'OK' : 'OVER'}`,
    );

    const listPaths = [`${BASE}?currentPage=1&pageSize=20`, `${BASE}?currentPage=3&pageSize=20&sidx=quantity&sort=desc`];
    const quiets: LoadResult[] = [];
    const busies: LoadResult[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const quiet = await runLoad(`http://127.0.0.1:${PORT}`, listPaths, headers, CONNECTIONS, SECONDS);
      let exporting = true;
      let exportsDone = 0;
      const background = (async () => {
        while (exporting) {
          await exportOnce(headers);
          exportsDone++;
        }
      })();
      const busy = await runLoad(`http://127.0.0.1:${PORT}`, listPaths, headers, CONNECTIONS, SECONDS);
      exporting = false;
      await background;
      quiets.push(quiet);
      busies.push(busy);
      console.log(
        `list round ${round}: alone p50 ${quiet.p50} / p99 ${quiet.p99} ms (${quiet.reqPerSec.toFixed(0)} req/s); during ${exportsDone} exports p50 ${busy.p50} / p99 ${busy.p99} ms (${busy.reqPerSec.toFixed(0)} req/s): p99 ${(busy.p99 / Math.max(1, quiet.p99)).toFixed(2)}×`,
      );
    }
    const quiet = meanLoad(quiets);
    const busy = meanLoad(busies);
    const ratio = busy.p99 / Math.max(1, quiet.p99);
    console.log(
      `list p99 alone ${quiet.p99.toFixed(1)} ms; during exports ${busy.p99.toFixed(1)} ms: ${ratio.toFixed(2)}× (≤ 2×) ${ratio <= 2 ? 'OK' : 'OVER'}`,
    );

    const file = await importFile();
    const imported = await peakRss(server.pid!, () => importOnce(headers, file));
    console.log(
      `import: ${IMPORT_ROWS} rows (${(file.length / 1024).toFixed(0)} KB) in ${(imported.result.ms / 1000).toFixed(2)} s, peak RSS ${imported.peakMb.toFixed(0)} MB — ${imported.result.answer}`,
    );
  } finally {
    await stopProcess(server);
  }
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(modules, { recursive: true, force: true });
}
