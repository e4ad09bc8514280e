import { createElement } from 'react';
import { isLazyField, loadableWidget, type FieldComponent, type LazyField } from './lazyField';

export type { FieldComponent, LazyField } from './lazyField';

/** What a name is registered with: the widget itself, or lazyField(loader) for one fetched on first use. */
export type FieldEntry = FieldComponent | LazyField;

export interface RegisterOptions {
  /** who registers (a module, a file); named in the duplicate-name error */
  origin?: string;
}

/**
 * The widgets one runtime renders, keyed by their `x-component` name ('DictSelect', 'Input.TextArea').
 *
 * @example
 * const fields = createFieldRegistry(defaultFields);
 * fields.register('OrganizeSelect', OrganizeSelect, { origin: 'src/widgets' });
 * fields.register('RichText', lazyField(() => import('./RichText').then((m) => m.RichText)), { origin: 'src/widgets' });
 * const SchemaField = createSchemaField({ components: fields.components });
 */
export interface FieldRegistry {
  /** throws when the name is taken, naming both registrations; a lazyField is registered under the same rule */
  register(name: string, entry: FieldEntry, options?: RegisterOptions): void;
  has(name: string): boolean;
  /** the component Formily renders (for a lazy field: the stand-in that loads it) */
  get(name: string): FieldComponent | undefined;
  /** every registered name, flat ('Input', 'Input.TextArea', …) */
  names(): string[];
  /** fetches the lazy widgets among `names` now (e.g. before a dialog opens); unknown and eager names are skipped */
  preload(names: Iterable<string>): Promise<void>;
  /**
   * The map for createSchemaField. Formily resolves 'Input.TextArea' as components.Input.TextArea, so
   * dotted names hang off their root. The object is stable: later registrations appear in it.
   */
  readonly components: Record<string, FieldComponent | Record<string, FieldComponent>>;
}

interface Registration {
  component: FieldComponent;
  origin: string;
  preload?: () => Promise<void>;
}

const NAME = /^[A-Z][A-Za-z0-9]*(\.[A-Z][A-Za-z0-9]*)?$/;

function describe(entry: FieldEntry): string {
  if (isLazyField(entry)) return 'a lazily loaded widget';
  return entry.displayName || entry.name || 'an anonymous component';
}

export function createFieldRegistry(initial: Record<string, FieldEntry> = {}, initialOrigin = 'defaultFields'): FieldRegistry {
  const flat = new Map<string, Registration>();
  const components: FieldRegistry['components'] = {};

  const members = (root: string) =>
    Object.fromEntries([...flat].filter(([name]) => name.startsWith(`${root}.`)).map(([name, r]) => [name.slice(root.length + 1), r.component]));

  // The root of a dotted name must carry its members; a base widget that already has them (Formily's
  // Input has .TextArea) is used as is, otherwise a thin wrapper carries them.
  const rebuild = (root: string) => {
    const base = flat.get(root)?.component;
    const subs = members(root);
    const record = base as unknown as Record<string, unknown> | undefined;
    if (Object.keys(subs).length === 0 || !base) {
      components[root] = base ?? subs;
    } else if (Object.entries(subs).every(([key, sub]) => record?.[key] === sub)) {
      components[root] = base;
    } else {
      const Composite = (props: object) => createElement(base, props);
      Composite.displayName = root;
      components[root] = Object.assign(Composite, subs);
    }
  };

  const registry: FieldRegistry = {
    register(name, entry, options = {}) {
      if (!NAME.test(name)) throw new Error(`field registry: "${name}" is not a widget name (PascalCase, at most one dot)`);
      const origin = options.origin ?? describe(entry);
      const existing = flat.get(name);
      if (existing) {
        throw new Error(`field registry: "${name}" is already registered by ${existing.origin}; cannot register it again from ${origin}`);
      }
      flat.set(name, isLazyField(entry) ? { ...loadableWidget(name, entry), origin } : { component: entry, origin });
      rebuild(name.split('.')[0] as string);
    },
    has: (name) => flat.has(name),
    get: (name) => flat.get(name)?.component,
    names: () => [...flat.keys()],
    preload: async (names) => {
      await Promise.all([...names].map((name) => flat.get(name)?.preload?.()));
    },
    components,
  };

  for (const [name, component] of Object.entries(initial)) registry.register(name, component, { origin: initialOrigin });
  return registry;
}
