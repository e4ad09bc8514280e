import { Alert, Button, Card, Spin } from 'antd';
import { useEffect, useMemo } from 'react';
import { DetailView } from '../detail/DetailView';
import { buildFormSchema } from '../form/buildFormSchema';
import { SchemaForm } from '../form/SchemaForm';
import { useFormController } from '../form/useFormController';
import { allowedActions } from '../list/allowedActions';
import { useRuntime } from '../RuntimeProvider';
import type { ScreenProps } from '../screen/createScreenRegistry';
import { useNarrowScreen } from '../useNarrowScreen';
import { useErrorText, useFeedback } from '../useFeedback';
import { useRenderText } from '../useRenderText';

/**
 * A single-record form page (screen.kind 'form': settings, personal information). The record is the
 * first the model's list answers (the server's data scope narrows it to the user's own, where the model
 * says so); it is edited in place when the user may edit, shown read-only otherwise, and created when
 * there is none yet and the user may add.
 */
export function SingleFormPage({ served, readOnly = false }: ScreenProps) {
  const runtime = useRuntime();
  const t = useRenderText();
  const describe = useErrorText();
  const feedback = useFeedback();
  const provider = runtime.dataProviderFor(served.model);
  const allowed = useMemo(() => allowedActions(served, runtime.access, readOnly), [served, runtime.access, readOnly]);
  const controller = useFormController(served, provider, { onSaved: feedback.success, onError: feedback.error });
  const { state, openAdd, openEdit, openDetail } = controller;

  // the page (re)opens its record whenever it is closed: at first, and after each save
  useEffect(() => {
    if (state.status !== 'closed') return;
    const abort = new AbortController();
    provider.list({ page: 1, pageSize: 1, signal: abort.signal }).then(
      ({ records }) => {
        const record = records[0];
        if (record) (allowed.edit ? openEdit : openDetail)(record.id);
        else if (allowed.add) openAdd();
      },
      (error: unknown) => !abort.signal.aborted && feedback.error(error),
    );
    return () => abort.abort();
  }, [state.status, provider, allowed, openAdd, openEdit, openDetail, feedback]);

  const narrow = useNarrowScreen();
  const schema = useMemo(() => buildFormSchema(served, state.mode, { t, hooks: runtime.hooks, narrow }), [served, state.mode, t, runtime.hooks, narrow]);

  let body = <Spin />;
  if (state.status === 'error')
    body = (
      <Alert
        type="error"
        message={describe(state.error)}
        action={
          <Button size="small" onClick={controller.retry}>
            {t('action.retry')}
          </Button>
        }
      />
    );
  if (state.status === 'viewing') body = <DetailView served={served} record={state.record} />;
  if (state.status === 'editing') {
    body = (
      <>
        <SchemaForm form={state.form} schema={schema} where={`model ${served.model.id}: form`} />
        <Button type="primary" loading={state.submitting} onClick={() => void controller.submit()}>
          {t('action.save')}
        </Button>
      </>
    );
  }
  return <Card style={{ maxWidth: served.model.form?.width ?? 800 }}>{body}</Card>;
}
