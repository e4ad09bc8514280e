import { startModelScreen, type ModelScreen, type ScreenDeps, type ScreenStart } from './startModelScreen';

/**
 * Model screens started ahead of their ModelPage. A shell that knows which model the route shows
 * (once the menu is there) starts it before rendering its layout, so the model and the first rows load
 * while the layout renders. One slot: a start replaces the previous one unless it is the same.
 *
 * @example
 * runtime.screens.start('system.position'); // then render <ModelPage modelId="system.position" />
 */
export interface ScreenPrefetch {
  /** starts modelId's model and first page now; nothing new when the slot already holds that model, untaken */
  start(modelId: string): void;
  /** what the start for modelId has loaded so far, without taking it: the model and its first page, once the model has come */
  peek(modelId: string): ModelScreen | undefined;
  /** the start for modelId in the current language, handed to one ModelPage (and forgotten); undefined when none */
  take(modelId: string): ScreenStart | undefined;
}

export function createScreenPrefetch(runtime: ScreenDeps): ScreenPrefetch {
  let slot: ScreenStart | undefined;
  const holds = (modelId: string) => slot !== undefined && slot.modelId === modelId && slot.lang === runtime.lang();
  return {
    start(modelId) {
      if (holds(modelId)) return;
      slot?.abandon();
      slot = startModelScreen(runtime, modelId);
    },
    peek: (modelId) => (holds(modelId) ? slot?.peek() : undefined),
    take(modelId) {
      if (!holds(modelId)) return undefined;
      const taken = slot;
      slot = undefined;
      return taken;
    },
  };
}
