import { Button, Result, Spin } from 'antd';
import { ListPage } from './list/ListPage';
import { useErrorText } from './useFeedback';
import { useRenderText } from './useRenderText';
import { useServedModel } from './useServedModel';

export interface ModelPageProps {
  /** a model id, e.g. 'system.position' (menu component 'ModelPage/system.position') */
  modelId: string;
}

/** A whole screen from one model file: loads the served model, then renders its list page and dialogs. */
export function ModelPage({ modelId }: ModelPageProps) {
  const t = useRenderText();
  const describe = useErrorText();
  const state = useServedModel(modelId);
  if (state.status === 'loading') {
    return (
      <div style={{ padding: 48, textAlign: 'center' }}>
        <Spin />
      </div>
    );
  }
  if (state.status === 'error') {
    return (
      <Result
        status="error"
        title={t('page.loadFailed')}
        subTitle={describe(state.error)}
        extra={<Button onClick={state.retry}>{t('action.retry')}</Button>}
      />
    );
  }
  return <ListPage key={state.served.model.id} served={state.served} />;
}
