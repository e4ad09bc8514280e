import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_LAUNCH } from '../../scripts/chromiumLaunch.js';

/** The client benchmarks' browser: Debian's Chromium (or CLOUDLAB_CHROMIUM), headless, without background traffic. */
export function launchBenchChromium(): Promise<Browser> {
  return chromium.launch(CHROMIUM_LAUNCH);
}

/** `--name=value` command-line options as a record. */
export function benchOptions(): Record<string, string | undefined> {
  return Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
}
