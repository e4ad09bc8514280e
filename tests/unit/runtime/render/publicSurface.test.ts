import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as runtime from '../../../../runtime';

const INDEX = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../runtime/index.ts');

describe('runtime/index.ts, the public surface', () => {
  it('exports what the shell mounts', () => {
    for (const name of [
      'createRuntime',
      'RuntimeProvider',
      'useRuntime',
      'ModelPage',
      'ListPage',
      'FormDialog',
      'DetailView',
      'RecordTabs',
      'createDictSource',
      'staticDictSource',
      'createFieldRegistry',
      'createDefaultFieldRegistry',
      'createHookRegistry',
      'createHttpClient',
      'createAccessChecker',
      'isApiError',
    ]) {
      expect(runtime, name).toHaveProperty(name);
    }
  });

  it('documents every export with JSDoc and an @example', () => {
    const lines = fs.readFileSync(INDEX, 'utf8').split('\n');
    const undocumented = lines.flatMap((line, index) => {
      if (!line.startsWith('export ')) return [];
      // the export's own comment, or the group comment of the consecutive exports right above it
      let at = index - 1;
      while (at >= 0 && lines[at]?.startsWith('export ')) at--;
      const comment: string[] = [];
      while (at >= 0 && /^\s*(\/\*\*|\*)/.test(lines[at] ?? '')) comment.unshift(lines[at--] ?? '');
      return comment.join('\n').includes('@example') ? [] : [line];
    });
    expect(undocumented).toEqual([]);
  });
});
