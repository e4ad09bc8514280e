import { Alert, Button, Modal } from 'antd';
import { Component, createElement, forwardRef, lazy, useState, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RENDER_NAMESPACE } from './i18n/namespace';

/** A lazy part's code could not be fetched: the network is down, or a deploy replaced the build's files. */
export class PartLoadError extends Error {
  constructor(cause: unknown) {
    super('a part of the screen could not be downloaded', { cause });
    this.name = 'PartLoadError';
  }
}

/** What shows in a part's place when its code could not be fetched: `retry` fetches it again. */
export type PartFailure<P> = (retry: () => void, props: P) => ReactNode;

/**
 * `React.lazy` for a part of a signed-in screen (a page, a dialog, a drawer, a popover's content, a search input)
 * whose download may fail without taking the rest with it. React's own lazy keeps a failed import for good and
 * throws it to the nearest boundary, the router's, which replaces the whole app (its tabs, their unsaved forms)
 * with "reload". Here a failed download shows `failure` in the part's place with a retry, which imports again;
 * an error of the part's own rendering still goes up as before. Needs a `<Suspense>` above it, as `lazy` does,
 * and a RuntimeProvider (for the texts). Not for the sign-in route: this module brings antd.
 * It must not depend on the runtime (useRenderText): the field and screen registries, which the runtime's
 * type names, use it.
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>, failure: PartFailure<P> = inlineFailure): ComponentType<P> {
  // React's lazy component takes the loaded component's props (its own type cannot say so for a generic P)
  const fetchPart = () =>
    lazy(() =>
      load().then(
        (component) => ({ default: component }),
        (error: unknown) => {
          throw new PartLoadError(error);
        },
      ),
    ) as unknown as ComponentType<P>;
  // one import for every instance: a retry by one of them starts another for those that mount later
  let Part = fetchPart();
  // a ref goes through to the part (Formily hands widgets one)
  const LazyPart = forwardRef<unknown, P>(function LazyPart(refless, ref) {
    // forwardRef's props type leaves the ref out; these are the part's props all the same
    const props = refless as P;
    const [attempt, setAttempt] = useState(0);
    const retry = () => {
      Part = fetchPart();
      setAttempt((n) => n + 1);
    };
    return createElement(
      PartBoundary,
      { key: attempt, failure: () => failure(retry, props) },
      createElement(Part as ComponentType<P & { ref: typeof ref }>, { ...props, ref }),
    );
  });
  return LazyPart as unknown as ComponentType<P>;
}

/** A dialog or drawer that could not load: a dialog of its own saying so, with retry, closed through `close`. */
export function dialogFailure<P>(close: (props: P) => void): PartFailure<P> {
  return (retry, props) => createElement(FailedDialog, { onRetry: retry, onClose: () => close(props) });
}

class PartBoundary extends Component<{ children?: ReactNode; failure: () => ReactNode }, { error: unknown; failed: boolean }> {
  override state = { error: undefined as unknown, failed: false };

  static getDerivedStateFromError(error: unknown): { error: unknown; failed: boolean } {
    return { error, failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    // the part's own failure is not ours to hide: the boundary above handles it as it would without this one
    if (!(this.state.error instanceof PartLoadError)) throw this.state.error;
    return this.props.failure();
  }
}

function inlineFailure(retry: () => void): ReactNode {
  return createElement(FailedPart, { onRetry: retry });
}

function FailedPart({ onRetry }: { onRetry(): void }) {
  const t = usePartTexts();
  return createElement(Alert, {
    type: 'error',
    showIcon: true,
    message: t('page.loadFailed'),
    description: t('page.partLoadFailed'),
    action: createElement(Button, { size: 'small', onClick: onRetry }, t('action.retry')),
  });
}

function FailedDialog({ onRetry, onClose }: { onRetry(): void; onClose(): void }) {
  const t = usePartTexts();
  return createElement(
    Modal,
    {
      open: true,
      title: t('page.loadFailed'),
      onCancel: onClose,
      footer: [
        createElement(Button, { key: 'close', onClick: onClose }, t('action.close')),
        createElement(Button, { key: 'retry', type: 'primary', onClick: onRetry }, t('action.retry')),
      ],
    },
    t('page.partLoadFailed'),
  );
}

/** The renderer's texts through react-i18next's context (RuntimeProvider puts the runtime's instance there). */
function usePartTexts(): (key: string) => string {
  return useTranslation(RENDER_NAMESPACE, { useSuspense: false }).t;
}
