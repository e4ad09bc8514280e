import { lazyPart } from '../render/lazyPart';
import { createElement, forwardRef, Suspense, useState, type ComponentType } from 'react';

// Formily hands widgets arbitrary props from the schema, so the registry cannot be narrower than this.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type FieldComponent = ComponentType<any>;

const LAZY = Symbol('lazyField');

/** A widget registered by its loader: its code is fetched when a form first renders it (or on preload). */
export interface LazyField {
  readonly [LAZY]: true;
  readonly load: () => Promise<FieldComponent>;
}

/**
 * Marks a widget to load on first use, so that screens without it do not download it (the date pickers
 * bring rc-picker, ~30 KB gzip, that a list without dates never needs).
 *
 * @example
 * fields.register('DatePicker', lazyField(() => import('./DatePicker').then((m) => m.DatePicker)));
 */
export function lazyField(load: () => Promise<FieldComponent>): LazyField {
  return { [LAZY]: true, load };
}

export function isLazyField(entry: unknown): entry is LazyField {
  return typeof entry === 'object' && entry !== null && LAZY in entry;
}

function isComponent(value: unknown): value is FieldComponent {
  // a function component or class, or React's memo / forwardRef objects
  return typeof value === 'function' || (typeof value === 'object' && value !== null && '$$typeof' in value);
}

export interface LoadableWidget {
  component: FieldComponent;
  /** fetches the code now; resolves when the widget renders without suspending */
  preload(): Promise<void>;
}

/**
 * The component standing for a lazy field under `name`. An instance that mounts after the code came
 * renders the widget directly; one that mounts before waits in its own Suspense boundary (the field
 * alone stays blank for that moment) and keeps that boundary: switching would remount the widget.
 */
export function loadableWidget(name: string, field: LazyField): LoadableWidget {
  let loaded: FieldComponent | undefined;
  let loading: Promise<FieldComponent> | undefined;
  const load = () =>
    (loading ??= field.load().then(
      (component) => {
        if (!isComponent(component)) throw new Error(`field registry: the loader of "${name}" answered ${String(component)}, not a component`);
        return (loaded = component);
      },
      (error: unknown) => {
        // not kept: the field's retry (lazyPart) and the next preload fetch again
        loading = undefined;
        throw error;
      },
    ));
  const Deferred = lazyPart(load);

  const Widget = forwardRef<unknown, object>(function LazyWidget(props, ref) {
    const [ready] = useState(() => loaded);
    return ready ? createElement(ready, { ...props, ref }) : createElement(Suspense, { fallback: null }, createElement(Deferred, { ...props, ref }));
  });
  Widget.displayName = `Lazy(${name})`;
  return { component: Widget, preload: async () => void (await load()) };
}
