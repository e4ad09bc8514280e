import type { InlineConfig, Rolldown } from 'vite';

export interface RouteStage {
  name: string;
  /** the module of its own code that starts it */
  module: string;
  /**
   * An earlier stage fetches it on demand, and whatever does needs all of it: its modules are claimed by it
   * rather than left out of every stage (which would scatter them over many small automatic chunks).
   */
  fetchedWhole?: boolean;
}

/**
 * The stages a visit loads in turn, each named by a module of its own code: the entry (the sign-in page,
 * without antd), the HTTP client (which the sign-in request needs first), antd's core and provider (which
 * the router's root renders, and the sign-in screen's lazy antd parts: feedback, dialogs), the router, and
 * the app area (layout, runtime and the list page, most screens being lists). See docs/client-budgets.md.
 */
export const ROUTE_STAGES: readonly RouteStage[] = [
  { name: 'signin', module: 'src/main.tsx' },
  { name: 'http', module: 'src/app/httpClientParts.ts', fetchedWhole: true },
  { name: 'antd', module: 'src/app/AntdScope.tsx', fetchedWhole: true },
  { name: 'shell', module: 'src/app/createRoutedScreen.tsx' },
  { name: 'area', module: 'src/layout/AppArea.tsx' },
];

/** The part of an output chunk the plan reads. */
export type PlannedChunk = Pick<Rolldown.OutputChunk, 'fileName' | 'moduleIds' | 'imports' | 'dynamicImports'>;

/** The chunk of a stage's modules that an earlier stage may also fetch on demand: `area-shared`. */
export const SHARED_SUFFIX = '-shared';

/**
 * Which stage each module belongs to, given the chunks of a build with Rolldown's own chunking (which knows
 * what tree shaking kept: a module graph alone would put all of antd, behind its barrel file, in the entry).
 * A stage is every module of the chunks its module's chunk statically imports, less the earlier stages:
 * what that step of a visit downloads anyway, otherwise as dozens of small chunks. What an earlier stage may
 * fetch on demand (a language's antd texts at start-up, the HTTP client, the message host) stays out of
 * the stage itself: merged into it, fetching it would fetch that whole stage. Those modules are the stage's
 * `-shared` part instead, one chunk rather than Rolldown's many small ones: the browser opens six
 * connections to a host, and a visit's ~15 small shared chunks queued its API calls behind them. Fetched on
 * demand, the shared part comes whole: it is what the next stage needs anyway. A stage fetched whole anyway
 * (`fetchedWhole`) has no shared part.
 */
export function assignStages(chunks: readonly PlannedChunk[], stages: readonly RouteStage[] = ROUTE_STAGES): Map<string, string> {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const closure = (file: string, seen: Set<string>): Set<string> => {
    if (seen.has(file)) return seen;
    seen.add(file);
    for (const imported of byFile.get(file)?.imports ?? []) closure(imported, seen);
    return seen;
  };
  const holders = stages.map(({ module }) => {
    const holder = chunks.find((c) => c.moduleIds.some((id) => id.endsWith(`/${module}`)));
    if (!holder) throw new Error(`route chunks: no chunk holds ${module} (renamed? update ROUTE_STAGES)`);
    return holder.fileName;
  });
  const stageOf = new Map<string, string>();
  const onDemand = new Set<string>();
  stages.forEach((stage, i) => {
    const files = [...closure(holders[i]!, new Set())];
    const own = new Set(files.filter((file) => stage.fetchedWhole || !onDemand.has(file)));
    for (const file of files) {
      const name = own.has(file) ? stage.name : `${stage.name}${SHARED_SUFFIX}`;
      for (const id of byFile.get(file)!.moduleIds) if (!stageOf.has(id)) stageOf.set(id, name);
    }
    for (const file of own) for (const lazy of byFile.get(file)!.dynamicImports) if (!holders.includes(lazy)) closure(lazy, onDemand);
  });
  return stageOf;
}

/** Builds once with Rolldown's own chunking (not written, not minified) and assigns the stages. */
export async function planRouteChunks(config: InlineConfig): Promise<Map<string, string>> {
  const { build } = await import('vite');
  const result = await build({ ...config, logLevel: 'silent', build: { ...config.build, write: false, minify: false } });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  return assignStages(outputs.flatMap((o) => o.output).filter((c): c is Rolldown.OutputChunk => c.type === 'chunk'));
}

/**
 * The chunk groups for `output.codeSplitting`: one chunk per stage; the app area's libraries apart from its
 * own code, and Formily apart from antd (so that no initial chunk passes 250 KB gzip). A stage holds all its
 * static imports by construction, so dependencies need not be pulled in (which would follow barrel files
 * into lazy code).
 */
export function routeChunkGroups(stageOf: Map<string, string>): Rolldown.CodeSplittingGroup[] {
  return [
    {
      debugName: 'route stages',
      name: (id) => {
        const stage = stageOf.get(id);
        if (stage === 'area' && /\/node_modules\/(@formily|@juggle)\//.test(id)) return 'area-formily';
        if (stage === 'area' && id.includes('/node_modules/')) return 'area-libs';
        return stage ?? null;
      },
      includeDependenciesRecursively: false,
    },
  ];
}
