import { Alert, Button, Spin } from 'antd';
import { lazy, Suspense } from 'react';
import { ListPage } from './list/ListPage';
import type { LoadFailureProps } from './LoadFailure';
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
 * first page (or takes both from runtime.screens when the shell started them), then renders the list page.
 */
export function ModelPage({ modelId }: ModelPageProps) {
  const t = useRenderText();
  const describe = useErrorText();
  const state = useModelScreen(modelId);
  if (state.status === 'loading') return loading;
  if (state.status === 'error') {
    return (
      <Suspense fallback={loading}>
        <LoadFailure title={t('page.loadFailed')} message={describe(state.error)} retryText={t('action.retry')} onRetry={state.retry} />
      </Suspense>
    );
  }
  return <ListPage key={state.served.model.id} served={state.served} firstPage={state.firstPage} />;
}
