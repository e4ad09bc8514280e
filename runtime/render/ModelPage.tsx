import { Alert, Button, Spin } from 'antd';
import { lazy, Suspense } from 'react';
import type { LoadFailureProps } from './LoadFailure';
import type { ScreenComponent } from './screen/createScreenRegistry';
import { useRuntime } from './RuntimeProvider';
import { useModelScreen } from './screen/useModelScreen';
import { useErrorText } from './useFeedback';
import { useRenderText } from './useRenderText';

export interface ModelPageProps {
  /** a model id, e.g. 'system.position' (menu component 'ModelPage/system.position') */
  modelId: string;
}

/** The same failure without antd's Result, for when its chunk cannot load either (the network is down). */
function PlainLoadFailure({ title, message, retryText, onRetry }: LoadFailureProps) {
  return <Alert type="error" showIcon message={title} description={message} action={<Button onClick={onRetry}>{retryText}</Button>} />;
}

const LoadFailure = lazy(() =>
  import('./LoadFailure').then(
    (m) => ({ default: m.LoadFailure }),
    () => ({ default: PlainLoadFailure }),
  ),
);

const loading = (
  <div style={{ padding: 48, textAlign: 'center' }}>
    <Spin />
  </div>
);

/**
 * A whole screen from one model file: loads the served model and, as soon as it has come, the list's
 * first page (or takes both from runtime.screens when the shell started them), then renders the screen
 * of the model's kind (screen.kind, default list) from the runtime's screen registry.
 */
export function ModelPage({ modelId }: ModelPageProps) {
  const t = useRenderText();
  const describe = useErrorText();
  const { screenKinds } = useRuntime();
  const state = useModelScreen(modelId);
  if (state.status === 'loading') return loading;
  let failure: { error: unknown; retry(): void } | undefined = state.status === 'error' ? state : undefined;
  let Screen: ScreenComponent | undefined;
  if (state.status === 'ready') {
    try {
      Screen = screenKinds.component(screenKinds.kindOf(state.served));
    } catch (error) {
      failure = { error, retry: () => undefined };
    }
  }
  if (failure || !Screen || state.status !== 'ready') {
    return (
      <Suspense fallback={loading}>
        <LoadFailure
          title={t('page.loadFailed')}
          message={describe(failure?.error)}
          retryText={t('action.retry')}
          onRetry={failure?.retry ?? (() => undefined)}
        />
      </Suspense>
    );
  }
  return (
    <Suspense fallback={loading}>
      <Screen key={state.served.model.id} served={state.served} firstPage={state.firstPage} />
    </Suspense>
  );
}
