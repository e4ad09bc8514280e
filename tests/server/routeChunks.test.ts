import { describe, expect, it } from 'vitest';
import { assignStages, routeChunkGroups, SHARED_SUFFIX, type PlannedChunk } from '../../scripts/routeChunks.js';

const chunk = (fileName: string, moduleIds: string[], imports: string[] = [], dynamicImports: string[] = []): PlannedChunk => ({
  fileName,
  moduleIds,
  imports,
  dynamicImports,
});
const STAGES = [
  { name: 'signin', module: 'src/main.tsx' },
  { name: 'area', module: 'src/area.tsx' },
];

describe('route chunks', () => {
  // entry → react; entry ⇢ area (a stage) and ⇢ locale (on demand at start-up); area → antd, locale-common;
  // locale → locale-common; area ⇢ widget (lazy, not a stage)
  const chunks = [
    chunk('index.js', ['/p/src/main.tsx'], ['react.js'], ['area.js', 'locale.js']),
    chunk('react.js', ['/p/node_modules/react/index.js']),
    chunk('area.js', ['/p/src/area.tsx'], ['antd.js', 'locale-common.js'], ['widget.js']),
    chunk('antd.js', ['/p/node_modules/antd/es/table/index.js']),
    chunk('locale.js', ['/p/node_modules/antd/es/locale/zh_CN.js'], ['locale-common.js']),
    chunk('locale-common.js', ['/p/node_modules/rc-picker/es/locale/common.js']),
    chunk('widget.js', ['/p/src/widget.tsx'], ['antd.js']),
  ];
  const stageOf = assignStages(chunks, STAGES);

  it('puts what each stage statically loads into that stage, earlier stages first', () => {
    expect(stageOf.get('/p/src/main.tsx')).toBe('signin');
    expect(stageOf.get('/p/node_modules/react/index.js')).toBe('signin');
    expect(stageOf.get('/p/src/area.tsx')).toBe('area');
    expect(stageOf.get('/p/node_modules/antd/es/table/index.js')).toBe('area');
  });

  it('leaves lazy code and what only an earlier stage fetches on demand out of every stage', () => {
    expect(stageOf.has('/p/src/widget.tsx')).toBe(false);
    expect(stageOf.has('/p/node_modules/antd/es/locale/zh_CN.js')).toBe(false);
  });

  it("puts what an earlier stage fetches on demand and a stage needs too into that stage's shared part", () => {
    // merged into the area it would make the start-up locale fetch the whole area; left to Rolldown, each such
    // module group is a small chunk of its own (a list page fetched ~15 of them)
    expect(stageOf.get('/p/node_modules/rc-picker/es/locale/common.js')).toBe(`area${SHARED_SUFFIX}`);
    const [group] = routeChunkGroups(stageOf);
    expect((group!.name as (id: string) => string | null)('/p/node_modules/rc-picker/es/locale/common.js')).toBe('area-shared');
  });

  it('gives each stage one shared part, whichever on-demand fetches need its modules', () => {
    // entry ⇢ dialog → button; entry ⇢ locale → picker-common; area → button, picker-common
    const twoFetches = [
      chunk('index.js', ['/p/src/main.tsx'], [], ['area.js', 'dialog.js', 'locale.js']),
      chunk('dialog.js', ['/p/src/dialog.tsx'], ['button.js']),
      chunk('locale.js', ['/p/node_modules/antd/es/locale/zh_CN.js'], ['picker-common.js']),
      chunk('button.js', ['/p/node_modules/antd/es/button/index.js']),
      chunk('picker-common.js', ['/p/node_modules/rc-picker/es/locale/common.js']),
      chunk('area.js', ['/p/src/area.tsx'], ['button.js', 'picker-common.js']),
    ];
    const planned = assignStages(twoFetches, STAGES);
    expect(planned.get('/p/node_modules/antd/es/button/index.js')).toBe('area-shared');
    expect(planned.get('/p/node_modules/rc-picker/es/locale/common.js')).toBe('area-shared');
    expect(planned.get('/p/src/area.tsx')).toBe('area');
    expect(planned.has('/p/src/dialog.tsx')).toBe(false);
  });

  it('keeps a stage fetched whole together, though an earlier stage may fetch it on demand', () => {
    // entry ⇢ host (lazy) → provider-core; entry ⇢ shell (a stage) → provider → provider-core; provider is a stage fetched whole
    const withProvider = [
      chunk('index.js', ['/p/src/main.tsx'], [], ['host.js', 'shell.js', 'provider.js']),
      chunk('host.js', ['/p/src/host.tsx'], ['provider.js', 'provider-core.js']),
      chunk('provider.js', ['/p/src/provider.tsx'], ['provider-core.js']),
      chunk('provider-core.js', ['/p/node_modules/antd/es/config-provider/index.js']),
      chunk('shell.js', ['/p/src/shell.tsx'], ['provider.js', 'provider-core.js']),
    ];
    const stages = [
      { name: 'signin', module: 'src/main.tsx' },
      { name: 'provider', module: 'src/provider.tsx', fetchedWhole: true },
      { name: 'shell', module: 'src/shell.tsx' },
    ];
    const planned = assignStages(withProvider, stages);
    expect(planned.get('/p/src/provider.tsx')).toBe('provider');
    expect(planned.get('/p/node_modules/antd/es/config-provider/index.js')).toBe('provider');
    expect(planned.get('/p/src/shell.tsx')).toBe('shell');
    expect(planned.has('/p/src/host.tsx')).toBe(false);
    // without the flag the provider's core would be the provider stage's shared part, apart from the provider
    expect(
      assignStages(
        withProvider,
        stages.map(({ name, module }) => ({ name, module })),
      ).get('/p/node_modules/antd/es/config-provider/index.js'),
    ).toBe('provider-shared');
  });

  it('names a stage whose module no chunk holds', () => {
    expect(() => assignStages(chunks, [{ name: 'gone', module: 'src/gone.tsx' }])).toThrow(/src\/gone\.tsx/);
  });

  it('keeps the app area libraries, and Formily, apart from its own code', () => {
    const [group] = routeChunkGroups(new Map([...stageOf, ['/p/node_modules/@formily/core/esm/index.js', 'area']]));
    const name = group!.name as (id: string) => string | null;
    expect(name('/p/src/area.tsx')).toBe('area');
    expect(name('/p/node_modules/antd/es/table/index.js')).toBe('area-libs');
    expect(name('/p/node_modules/@formily/core/esm/index.js')).toBe('area-formily');
    expect(name('/p/src/widget.tsx')).toBeNull();
  });
});
