/**
 * How the browser tests and the client benchmarks start Chromium: Debian's (or CLOUDLAB_CHROMIUM),
 * without the background traffic (updates, sync, QUIC probes) that would add noise to timings and
 * requests nobody asked for. One list, so the benchmarks measure the browser the tests drive.
 */
export const CHROMIUM_LAUNCH = {
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
};
