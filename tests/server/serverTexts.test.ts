import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../server/config.js';

/**
 * Texts a user reads come from the message catalogues, in zh-CN, en and zh-TW; a Chinese string
 * literal elsewhere in server/ answers every reader in Chinese. Allowed: the catalogues, and rows
 * seeded in zh-CN (stored like module texts and translated when served) or fixed by a protocol.
 */
const ALLOWED = new Set([
  'server/errors.ts',
  'server/i18n/messages.ts',
  'server/i18n/importTexts.ts',
  // seeded rows (the first department, the admin's name, the default tenant and admin role)
  'server/auth/bootstrap.ts',
  'server/db/seedCoreRows.ts',
  // the notice socket's heartbeat reply is a fixed JeecgBoot protocol message
  'server/api/noticeSocket.ts',
  // corrections to OpenCC's simplified → traditional conversion: pairs of phrases, not texts of their own
  'server/i18n/toTraditional.ts',
]);
const CJK_LITERAL = /(['"`])[^'"`\n]*[\u4e00-\u9fff][^'"`\n]*\1/;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

describe('server texts', () => {
  it('has no Chinese string literal outside the message catalogues', () => {
    const found: string[] = [];
    for (const file of sourceFiles(path.join(PROJECT_ROOT, 'server'))) {
      const relative = path.relative(PROJECT_ROOT, file).split(path.sep).join('/');
      if (ALLOWED.has(relative)) continue;
      fs.readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          const code = line.trim();
          if (code.startsWith('//') || code.startsWith('*') || code.startsWith('/*')) return;
          if (CJK_LITERAL.test(code.replace(/\/\/.*$/, ''))) found.push(`${relative}:${i + 1}: ${code.slice(0, 80)}`);
        });
    }
    expect(found).toEqual([]);
  });
});
