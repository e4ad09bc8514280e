import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(process.cwd(), 'tests/fixtures/envelopes');

/** An envelope body from tests/fixtures/envelopes/<family>/<name>.json. */
export function envelope<T = Record<string, unknown>>(family: 'jeecg' | 'api', name: string): T {
  return JSON.parse(fs.readFileSync(path.join(ROOT, family, `${name}.json`), 'utf8')) as T;
}
