import type { RuntimeInstance } from '../../createRuntime';
import type { Lang, ServedModel } from '../../model/types';
import { requestFirstPage, type PendingPage } from '../list/firstPage';

/** What ModelPage needs to show a model: the served model and its list's first page, already requested. */
export interface ModelScreen {
  served: ServedModel;
  firstPage: PendingPage;
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

export type ScreenDeps = Pick<RuntimeInstance, 'models' | 'lang' | 'dataProviderFor'>;

/**
 * Starts what a model screen requests first. The first page does not wait for the list page to render
 * (which takes a while the first time): it is asked for as soon as the model has come.
 */
export function startModelScreen(runtime: ScreenDeps, modelId: string): ScreenStart {
  const controller = new AbortController();
  let screen: ModelScreen | undefined;
  const ready = runtime.models.load(modelId, controller.signal).then((served) => {
    screen = { served, firstPage: requestFirstPage(served, runtime.dataProviderFor(served.model)) };
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
      screen?.firstPage.abort();
    },
  };
}
