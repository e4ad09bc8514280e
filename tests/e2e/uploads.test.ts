import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { LoginPage } from './pages/LoginPage';
import { E2E_ADMIN_PASSWORD, E2E_PORT } from './support/e2eEnv';
import { ownServer, type OwnServer } from './support/ownServer';

// Issue 8's upload acceptance, against a server this file starts itself (so it can kill it and look at
// its data folder): a 30 MB chunked upload resumes after a page reload and after a server restart and
// merges to the original's MD5; an over-size image and a renamed non-PDF are refused and store nothing.
const PORT = E2E_PORT + 1000;
const CHUNK = 5_242_880;
const SIZE = 30 * 1024 * 1024;
const CHUNKS = Math.ceil(SIZE / CHUNK);

let server: OwnServer;
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'cloudlab-e2e-files-'));

test.use({ baseURL: `http://127.0.0.1:${PORT}` });
test.describe.configure({ mode: 'serial', timeout: 240_000 });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = ownServer(PORT);
  await server.start();
});
test.afterAll(async () => {
  await server?.dispose();
  fs.rmSync(scratch, { recursive: true, force: true });
});

/** A PDF-headed file of random bytes (no two runs alike, so no instant upload) and its MD5. */
function randomFile(name: string, size: number): { file: string; md5: string } {
  const file = path.join(scratch, name);
  const hash = createHash('md5');
  const fd = fs.openSync(file, 'w');
  for (let written = 0; written < size; written += CHUNK) {
    const part = randomBytes(Math.min(CHUNK, size - written));
    // the server stores only types it recognises by their first bytes
    if (written === 0) part.write('%PDF-1.7\n', 0, 'latin1');
    hash.update(part);
    fs.writeSync(fd, part);
  }
  fs.closeSync(fd);
  return { file, md5: hash.digest('hex') };
}

const md5Of = (file: string) => createHash('md5').update(fs.readFileSync(file)).digest('hex');
const storedRecords = () => fs.readdirSync(path.join(server.dataDir, 'files', 'records')).length;

async function openGallery(page: Page): Promise<void> {
  const login = new LoginPage(page);
  await login.goto();
  await login.signInTo('系统管理', 'admin', E2E_ADMIN_PASSWORD);
  await page.goto('/#/dev/widgets');
  await expect(page.locator('[data-widget="ChunkUpload"]')).toBeVisible({ timeout: 60_000 });
}

const editPane = (page: Page, widget: string): Locator => page.locator(`[data-widget="${widget}"] [data-state="edit"]`);

/** Chunk posts answered after a pause, so a test can act between two chunks; counts the ones answered. */
async function slowChunks(page: Page, delayMs: number): Promise<{ answered: () => number }> {
  let answered = 0;
  await page.route('**/api/file/chunk', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    try {
      const response = await route.fetch();
      if (response.ok()) answered++;
      await route.fulfill({ response });
    } catch {
      // the server went away (the kill case): the uploader sees a failed request
      await route.abort('connectionrefused').catch(() => undefined);
    }
  });
  return { answered: () => answered };
}

async function chooseChunked(page: Page, file: string): Promise<void> {
  await editPane(page, 'ChunkUpload').locator('input[type=file]').setInputFiles(file);
}

async function expectMerged(page: Page, merge: Promise<import('@playwright/test').Response>, md5: string): Promise<void> {
  const answer = await (await merge).json();
  expect(answer, JSON.stringify(answer)).toMatchObject({ code: 200, data: { fileVersionId: md5, fileSize: SIZE } });
  await expect(editPane(page, 'ChunkUpload').locator('[data-chunk-state="success"]')).toHaveCount(1);
  expect(md5Of(path.join(server.dataDir, 'files', 'blobs', md5))).toBe(md5);
}

test('a 30 MB chunked upload resumes after a page reload and merges to the original MD5', async ({ page }) => {
  const { file, md5 } = randomFile('reload.pdf', SIZE);
  await openGallery(page);
  const before = await slowChunks(page, 700);
  await chooseChunked(page, file);
  await expect.poll(before.answered, { timeout: 120_000 }).toBeGreaterThanOrEqual(2);
  await page.reload();
  await expect(page.locator('[data-widget="ChunkUpload"]')).toBeVisible({ timeout: 60_000 });

  const sent: number[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/file/chunk')) sent.push(1);
  });
  const merge = page.waitForResponse((res) => res.url().endsWith('/api/file/merge'), { timeout: 180_000 });
  await chooseChunked(page, file);
  await expectMerged(page, merge, md5);
  // the chunks stored before the reload were not sent again
  expect(sent.length).toBeLessThanOrEqual(CHUNKS - 2);
});

test('a chunked upload completes after the server is killed and restarted', async ({ page }) => {
  const { file, md5 } = randomFile('restart.pdf', SIZE);
  await openGallery(page);
  const chunks = await slowChunks(page, 700);
  await chooseChunked(page, file);
  await expect.poll(chunks.answered, { timeout: 120_000 }).toBeGreaterThanOrEqual(2);
  await server.kill();
  const row = editPane(page, 'ChunkUpload').locator('[data-chunk-state]');
  await expect(row).toHaveAttribute('data-chunk-state', 'error', { timeout: 60_000 });
  await expect(row).toContainText('上传失败');

  await server.start();
  const merge = page.waitForResponse((res) => res.url().endsWith('/api/file/merge'), { timeout: 180_000 });
  await row.getByText('重试', { exact: true }).click();
  await expectMerged(page, merge, md5);
});

test('an over-size image and a renamed non-PDF are refused with their messages, and nothing is stored', async ({ page }) => {
  await openGallery(page);
  const stored = storedRecords();
  const uploads: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/sys/common/upload')) uploads.push(request.url());
  });

  // 6 MB behind a real PNG signature: refused before a byte is sent (spec 000 §5, default limit 5 MB)
  const big = path.join(scratch, 'large.png');
  fs.writeFileSync(big, Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(6 * 1024 * 1024)]));
  await editPane(page, 'ImageUpload').locator('input[type=file]').setInputFiles(big);
  await expect(page.locator('.ant-message').getByText('图片大小不能超过5MB')).toBeVisible();
  expect(uploads).toEqual([]);

  // a text file named .pdf passes the name check; the server reads its bytes and refuses it
  const fake = path.join(scratch, 'report.pdf');
  fs.writeFileSync(fake, 'this is plain text, not a PDF\n'.repeat(100));
  const refused = page.waitForResponse((res) => res.url().includes('/sys/common/upload'));
  await editPane(page, 'FileUpload').locator('input[type=file]').setInputFiles(fake);
  const answer = await (await refused).json();
  expect(answer.success, JSON.stringify(answer)).toBe(false);
  await expect(page.locator('.ant-message').getByText('文件类型不允许或与扩展名不符：report.pdf')).toBeVisible();
  expect(storedRecords()).toBe(stored);
  expect(fs.readdirSync(path.join(server.dataDir, 'files', 'tmp'))).toEqual([]);
});
