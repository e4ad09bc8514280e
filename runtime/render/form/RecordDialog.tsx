import { Alert, Modal, Spin } from 'antd';
import { useEffect, useMemo, useRef } from 'react';
import type { ServedModel } from '../../model/types';
import { useRuntime } from '../RuntimeProvider';
import { useErrorText, useFeedback } from '../useFeedback';
import { useRenderText } from '../useRenderText';
import { useServedModel } from '../useServedModel';
import { FormDialog } from './FormDialog';
import { selfServed } from './selfServed';
import { useFormController } from './useFormController';

export type RecordDialogMode = 'edit' | 'detail' | 'self';

export interface RecordDialogProps {
  modelId: string;
  recordId: string;
  /** self: the caller's own record through the model's api.self (personal information) */
  mode: RecordDialogMode;
  onClose(): void;
}

function OpenRecord({ served, recordId, mode, onClose }: Omit<RecordDialogProps, 'modelId'> & { served: ServedModel }) {
  const runtime = useRuntime();
  const feedback = useFeedback();
  const shown = useMemo(() => (mode === 'self' ? selfServed(served) : served), [served, mode]);
  const provider = useMemo(() => runtime.dataProviderFor(shown.model), [runtime, shown]);
  const dialog = useFormController(shown, provider, { onSaved: feedback.success, onError: feedback.error });
  const { openDetail, openEdit } = dialog;
  useEffect(() => {
    if (mode === 'detail') openDetail(recordId);
    else openEdit(recordId);
  }, [mode, recordId, openDetail, openEdit]);
  // closing the dialog (or saving it) after it opened ends this record's dialog
  const closed = dialog.state.status === 'closed';
  const wasOpen = useRef(false);
  useEffect(() => {
    if (!closed) wasOpen.current = true;
    else if (wasOpen.current) onClose();
  }, [closed, onClose]);
  return <FormDialog served={shown} controller={dialog} titleMode={mode === 'self' ? 'self' : undefined} />;
}

/**
 * One record's dialog outside its list page: the model's own form and tabs in edit or detail mode, or
 * in self mode the caller's own record (the header's personal information).
 *
 * @example
 * <RecordDialog modelId="staff.member" recordId={userInfo.id} mode="self" onClose={close} />
 */
export function RecordDialog({ modelId, ...props }: RecordDialogProps) {
  const state = useServedModel(modelId);
  const t = useRenderText();
  const describe = useErrorText();
  if (state.status === 'ready') return <OpenRecord served={state.served} {...props} />;
  return (
    <Modal open title={t(`dialog.${props.mode}`)} onCancel={props.onClose} footer={null} maskClosable={false} destroyOnHidden>
      {state.status === 'loading' ? <Spin /> : <Alert type="error" message={describe(state.error)} />}
    </Modal>
  );
}
