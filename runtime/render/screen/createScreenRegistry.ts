import type { ComponentType } from 'react';
import type { FieldFilter } from '../../data/DataProvider';
import type { ServedModel } from '../../model/types';
import type { ScreenKind } from '../../model/v2Parts';
import { v2 } from '../../model/v2Parts';
import type { PendingPage } from '../list/firstPage';
import { lazyPart } from '../lazyPart';

/** What every screen component is given. */
export interface ScreenProps {
  served: ServedModel;
  /** the list's first page, already requested (only for kinds registered with `firstPage: true`) */
  firstPage?: PendingPage;
  /** filters every request carries (a sub-record tab's foreign key) */
  fixedFilters?: Record<string, FieldFilter>;
  /** values every created record gets (the same foreign key) */
  fixedValues?: Record<string, unknown>;
  /** no writes (a read-only tab, a detail dialog's tabs) */
  readOnly?: boolean;
  /** rows of the caller's own record (personal information's tabs): details without the list permission */
  own?: boolean;
}

export type ScreenComponent = ComponentType<ScreenProps>;

export interface ScreenOptions {
  /** whether the screen shows the model's list from page 1, so ModelPage may request that page ahead */
  firstPage?: boolean;
}

/**
 * The screen kinds a runtime renders (model `screen.kind`), each a component; ModelPage and the record
 * tabs pick a model's screen here instead of knowing the kinds. A kind registered with a loader is
 * fetched the first time a model of that kind is shown.
 *
 * @example
 * const screens = createScreenRegistry();
 * screens.register('list', ListPage, { firstPage: true });
 * screens.registerLazy('tree', () => import('./TreePage').then((m) => m.TreePage));
 * const Screen = screens.component(screens.kindOf(served));
 */
export interface ScreenRegistry {
  /** throws when the kind is taken */
  register(kind: string, component: ScreenComponent, options?: ScreenOptions): void;
  registerLazy(kind: string, load: () => Promise<ScreenComponent>, options?: ScreenOptions): void;
  has(kind: string): boolean;
  /** the component of a kind; an unknown kind throws naming it and the known ones */
  component(kind: string): ScreenComponent;
  /** fetches a lazily registered kind's code now */
  preload(kind: string): Promise<void>;
  usesFirstPage(kind: string): boolean;
  /** the model's screen kind: screen.kind, default 'list' */
  kindOf(served: ServedModel): ScreenKind | string;
}

interface Entry {
  component: ScreenComponent;
  options: ScreenOptions;
  preload(): Promise<void>;
}

export function createScreenRegistry(): ScreenRegistry {
  const entries = new Map<string, Entry>();
  const add = (kind: string, entry: Entry) => {
    if (entries.has(kind)) throw new Error(`screen registry: the screen kind "${kind}" is already registered`);
    entries.set(kind, entry);
  };
  const registry: ScreenRegistry = {
    register: (kind, component, options = {}) => add(kind, { component, options, preload: async () => undefined }),
    registerLazy(kind, load, options = {}) {
      let loading: Promise<ScreenComponent> | undefined;
      // a failed download is not kept: the screen's retry (lazyPart) and the next preload fetch again
      const once = () =>
        (loading ??= load().catch((error: unknown) => {
          loading = undefined;
          throw error;
        }));
      add(kind, { component: lazyPart(once), options, preload: async () => void (await once()) });
    },
    has: (kind) => entries.has(kind),
    component(kind) {
      const entry = entries.get(kind);
      if (!entry) throw new Error(`screen registry: no screen kind "${kind}" is registered (known: ${[...entries.keys()].join(', ')})`);
      return entry.component;
    },
    preload: async (kind) => entries.get(kind)?.preload(),
    usesFirstPage: (kind) => Boolean(entries.get(kind)?.options.firstPage),
    kindOf: (served) => v2(served.model).screen?.kind ?? 'list',
  };
  return registry;
}
