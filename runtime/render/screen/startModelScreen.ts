import type { DataProvider } from '../../data/DataProvider';
import type { ModelLoader } from '../../model/ModelLoader';
import type { Lang, ModelFile, ServedModel } from '../../model/types';
import { requestFirstPage, type PendingPage } from '../list/firstPage';
import type { ScreenRegistry } from './createScreenRegistry';

/** What ModelPage needs to show a model: the served model and, for list screens, its first page already requested. */
export interface ModelScreen {
  served: ServedModel;
  firstPage?: PendingPage;
}

/** ModelPage's first requests under way: the served model, then at once its list's first page. */
export interface ScreenStart {
  readonly modelId: string;
  /** the language the model is loaded in */
  readonly lang: Lang;
  readonly ready: Promise<ModelScreen>;
  /** the screen once the model has come (a ModelPage mounting then renders its list at once) */
  peek(): ModelScreen | undefined;
  /** no longer wanted: stops waiting for the model and aborts the first page (also when a list holds it) */
  abandon(): void;
}

/** The parts of the runtime a screen start uses (declared here, so the runtime's type need not be imported). */
export interface ScreenDeps {
  models: ModelLoader;
  lang(): Lang;
  dataProviderFor(model: ModelFile): DataProvider;
  screenKinds: ScreenRegistry;
}

/**
 * Starts what a model screen requests first. The first page does not wait for the list page to render
 * (which takes a while the first time): it is asked for as soon as the model has come, for the screen
 * kinds that show a list from page 1; the code of a lazily loaded kind is fetched meanwhile.
 */
export function startModelScreen(runtime: ScreenDeps, modelId: string): ScreenStart {
  const controller = new AbortController();
  let screen: ModelScreen | undefined;
  const ready = runtime.models.load(modelId, controller.signal).then((served) => {
    const kind = runtime.screenKinds.kindOf(served);
    void runtime.screenKinds.preload(kind).catch(() => undefined); // the screen's own load reports a failure
    const firstPage = runtime.screenKinds.usesFirstPage(kind) ? requestFirstPage(served, runtime.dataProviderFor(served.model)) : undefined;
    screen = { served, firstPage };
    return screen;
  });
  // the taker handles the outcome; a start nobody takes must not report an unhandled rejection
  ready.catch(() => undefined);
  return {
    modelId,
    lang: runtime.lang(),
    ready,
    peek: () => screen,
    abandon() {
      controller.abort();
      screen?.firstPage?.abort();
    },
  };
}
