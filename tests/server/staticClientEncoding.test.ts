import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIN_PRECOMPRESS_BYTES, precompressFiles } from '../../scripts/precompressPlugin.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';

// A chunk of the size and shape of the client's: repetitive JavaScript well above the threshold.
const CHUNK = `export function f(a){return a.map(function(x){return x*2})}\n`.repeat(200);
const SMALL = 'export const a = 1;\n';
const INDEX = `<!doctype html><html><head><title>Cloudlab</title></head><body>${'<div></div>'.repeat(200)}</body></html>`;

// The static handler does not touch the database: SQLite is enough.
describe('static client files: the build precompresses, the server sends the encoding the browser accepts', () => {
  let t: TestApp;
  let clientDir: string;
  let compressed: number;
  beforeAll(async () => {
    clientDir = fs.mkdtempSync(path.join(fs.realpathSync(process.env.TMPDIR ?? '/tmp'), 'cloudlab-static-encoding-'));
    fs.mkdirSync(path.join(clientDir, 'assets'));
    fs.writeFileSync(path.join(clientDir, 'index.html'), INDEX);
    fs.writeFileSync(path.join(clientDir, 'assets', 'app-1.js'), CHUNK);
    fs.writeFileSync(path.join(clientDir, 'assets', 'tiny-1.js'), SMALL);
    fs.writeFileSync(path.join(clientDir, 'assets', 'logo-1.png'), Buffer.alloc(4096, 7));
    compressed = await precompressFiles(clientDir, ['index.html', 'assets/app-1.js', 'assets/tiny-1.js', 'assets/logo-1.png']);
    t = await createTestApp('sqlite', { config: { clientDir } });
  });
  afterAll(async () => {
    await t?.close();
    if (clientDir) fs.rmSync(clientDir, { recursive: true, force: true });
  });

  it('writes brotli and gzip copies of text files from the threshold up, and of nothing else', () => {
    expect(SMALL.length).toBeLessThan(MIN_PRECOMPRESS_BYTES);
    expect(compressed).toBe(2);
    const assets = fs.readdirSync(path.join(clientDir, 'assets')).sort();
    expect(assets).toEqual(['app-1.js', 'app-1.js.br', 'app-1.js.gz', 'logo-1.png', 'tiny-1.js']);
    expect(fs.existsSync(path.join(clientDir, 'index.html.br'))).toBe(true);
    expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(clientDir, 'assets', 'app-1.js.br'))).toString()).toBe(CHUNK);
    expect(zlib.gunzipSync(fs.readFileSync(path.join(clientDir, 'assets', 'app-1.js.gz'))).toString()).toBe(CHUNK);
  });

  it('sends brotli to a browser that takes it, with the type, caching and Vary of the file itself', async () => {
    const res = await t.request({ method: 'GET', url: '/assets/app-1.js', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.rawPayload.length).toBeLessThan(CHUNK.length / 10);
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(CHUNK);
  });

  it('sends gzip to a browser without brotli, and the file as it is to one that takes neither', async () => {
    const gz = await t.request({ method: 'GET', url: '/assets/app-1.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(CHUNK);

    const plain = await t.request({ method: 'GET', url: '/assets/app-1.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(CHUNK);
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
  });

  it('sends a file left uncompressed as it is, whatever the browser accepts', async () => {
    const res = await t.request({ method: 'GET', url: '/assets/tiny-1.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(SMALL);
  });

  it('sends the page itself compressed at / and revalidated on every load', async () => {
    const res = await t.request({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(INDEX);
  });

  it('never answers a compressed copy asked for by its own name with a different type', async () => {
    // the copies are the server's to choose; asked for directly they are plain files of their own type
    const res = await t.request({ method: 'GET', url: '/assets/app-1.js.br', headers: { 'accept-encoding': 'identity' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-type'] ?? '').not.toMatch(/javascript/);
  });
});
