import { describe, expect, it } from 'vitest';
import config from '../../playwright.config.js';

describe('the e2e harness', () => {
  // Playwright kills its web server with SIGKILL unless told otherwise: startServer.ts's exit handler never
  // ran, and every e2e run left its SQLite data folder (cloudlab-e2e-…) in the temp folder
  it('stops its server with SIGTERM, so the server exits and removes its data folder', () => {
    const server = Array.isArray(config.webServer) ? config.webServer[0] : config.webServer;
    expect(server?.gracefulShutdown?.signal).toBe('SIGTERM');
  });
});
