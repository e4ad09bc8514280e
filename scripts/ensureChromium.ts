// Part of npm test: the browser tests drive Debian's Chromium (playwright-core never downloads a browser).
// When it is missing we install it if we can (root + apt-get), otherwise we name the one command that does.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

export const CHROMIUM = process.env.CLOUDLAB_CHROMIUM ?? '/usr/bin/chromium';
const INSTALL = 'apt-get install -y chromium';

if (!fs.existsSync(CHROMIUM)) {
  const canInstall = process.getuid?.() === 0 && fs.existsSync('/usr/bin/apt-get');
  if (!canInstall) {
    console.error(`Chromium is missing (${CHROMIUM}). Install it with: sudo ${INSTALL}   (or set CLOUDLAB_CHROMIUM to a Chromium binary)`);
    process.exit(1);
  }
  console.log(`Chromium is missing; installing Debian's package (${INSTALL})…`);
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
}
