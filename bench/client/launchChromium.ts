import { chromium, type Browser } from 'playwright-core';

/** The client benchmarks' browser: Debian's Chromium (or CLOUDLAB_CHROMIUM), headless, without background traffic. */
export function launchBenchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CLOUDLAB_CHROMIUM ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** `--name=value` command-line options as a record. */
export function benchOptions(): Record<string, string | undefined> {
  return Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
}
