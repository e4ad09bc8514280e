import { Alert, Button, Modal, Spin } from 'antd';
import { Suspense, useEffect, useMemo, type ReactNode } from 'react';
import type { ServedModel } from '../../model/types';
import { DetailView } from '../detail/DetailView';
import { modelText } from '../modelText';
import { useRuntime } from '../RuntimeProvider';
import { useErrorText } from '../useFeedback';
import { useRenderText } from '../useRenderText';
import { buildFormSchema, type FormMode } from './buildFormSchema';
import { SchemaForm } from './SchemaForm';
import { useNarrowScreen } from '../useNarrowScreen';
import type { FormController } from './useFormController';
import { lazyPart } from '../lazyPart';

// antd's Tabs and the sub-record lists only for models that declare tabs
const loadRecordTabs = () => import('../tabs/RecordTabs');
const RecordTabs = lazyPart(async () => (await loadRecordTabs()).RecordTabs);

const DEFAULT_WIDTH = 600;
// spec 000 §9: modal body max height 600 px
const BODY_STYLE = { maxHeight: 600, overflowY: 'auto' } as const;

/** The model's own title for the mode (form.titles: 新增员工, 编辑其他证书…), else 新增 / 编辑 / 详情. */
export function dialogTitle(served: ServedModel, mode: FormMode | 'self', t: (key: string) => string): string {
  const own = served.model.form?.titles?.[mode];
  return own ? modelText(served, own) : t(`dialog.${mode}`);
}

export interface FormDialogProps {
  served: ServedModel;
  controller: FormController;
  /** the title's mode when it is not the form's (self: personal information over an edit form) */
  titleMode?: 'self';
}

/** The add / edit / detail dialog; edit and detail show the model's sub-record tabs. */
export function FormDialog({ served, controller, titleMode }: FormDialogProps) {
  const t = useRenderText();
  const describe = useErrorText();
  const { state } = controller;
  const { hooks } = useRuntime();
  const narrow = useNarrowScreen();
  const schema = useMemo(() => buildFormSchema(served, state.mode, { t, hooks, narrow }), [served, state.mode, t, hooks, narrow]);
  const hasTabs = (served.model.tabs?.length ?? 0) > 0;
  // fetched while the record loads, so that the tabs are there when it has come
  useEffect(() => {
    if (hasTabs && state.status === 'loading') void loadRecordTabs().catch(() => undefined);
  }, [hasTabs, state.status]);

  const close = (
    <Button key="close" onClick={controller.close}>
      {t('action.close')}
    </Button>
  );
  const footer =
    state.status === 'editing'
      ? [
          close,
          <Button key="confirm" type="primary" loading={state.submitting} onClick={() => void controller.submit()}>
            {t('action.confirm')}
          </Button>,
        ]
      : [close];

  let body: ReactNode = null;
  if (state.status === 'loading') body = <Spin />;
  if (state.status === 'error') {
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
  }
  if (state.status === 'editing') body = <SchemaForm form={state.form} schema={schema} where={`model ${served.model.id}: form`} />;
  if (state.status === 'viewing') body = <DetailView served={served} record={state.record} />;

  const parentId = state.status === 'editing' || state.status === 'viewing' ? state.record?.id : undefined;
  if (parentId && hasTabs) {
    body = (
      <Suspense fallback={<Spin />}>
        <RecordTabs served={served} parentId={parentId} readOnly={state.mode === 'detail' || titleMode === 'self'} own={titleMode === 'self'}>
          {body}
        </RecordTabs>
      </Suspense>
    );
  }

  return (
    <Modal
      open={state.status !== 'closed'}
      title={dialogTitle(served, titleMode ?? state.mode, t)}
      width={served.model.form?.width ?? DEFAULT_WIDTH}
      maskClosable={false}
      destroyOnHidden
      onCancel={controller.close}
      footer={footer}
      styles={{ body: BODY_STYLE }}
    >
      {body}
    </Modal>
  );
}
