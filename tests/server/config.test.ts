import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.js';

describe('configuration from the environment', () => {
  it('defaults to port 8080 and the embedded SQLite database under ./data', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.databaseUrl).toBeNull();
    expect(config.adminPassword).toBeNull();
    expect(config.dataDir).toBe(path.resolve(process.cwd(), 'data'));
    expect(config.session).toEqual({ lifetimeMs: 7 * 24 * 3600_000, idleMs: 8 * 3600_000 });
  });

  it('reads PORT, CLOUDLAB_DATA_DIR, CLOUDLAB_ADMIN_PASSWORD and DATABASE_URL', () => {
    const config = loadConfig({
      PORT: '9123',
      CLOUDLAB_DATA_DIR: '/tmp/lab-data',
      CLOUDLAB_ADMIN_PASSWORD: 'Chosen2026',
      DATABASE_URL: 'postgres://lab@db:5432/cloudlab',
      CLOUDLAB_MODULE_DIRS: '/opt/modules',
    });
    expect(config).toMatchObject({ port: 9123, dataDir: '/tmp/lab-data', adminPassword: 'Chosen2026', databaseUrl: 'postgres://lab@db:5432/cloudlab' });
    expect(config.schemaDirs.at(-1)).toBe('/opt/modules');
  });

  it('announces expiring certificates 30 days ahead to the role quality unless told otherwise; 0 days turns it off', () => {
    expect(loadConfig({}).expiryNotice).toEqual({ days: 30, qualityRole: 'quality' });
    expect(loadConfig({ CLOUDLAB_EXPIRY_NOTICE_DAYS: '60', CLOUDLAB_QUALITY_ROLE: 'qa_officer' }).expiryNotice).toEqual({
      days: 60,
      qualityRole: 'qa_officer',
    });
    expect(loadConfig({ CLOUDLAB_EXPIRY_NOTICE_DAYS: '0' }).expiryNotice).toBeNull();
    expect(() => loadConfig({ CLOUDLAB_EXPIRY_NOTICE_DAYS: 'soon' })).toThrow(/CLOUDLAB_EXPIRY_NOTICE_DAYS/);
  });

  it('refuses what it cannot use, naming the variable', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ CLOUDLAB_SESSION_DAYS: '-1' })).toThrow(/CLOUDLAB_SESSION_DAYS/);
  });
});
