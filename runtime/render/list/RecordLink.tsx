import { Button } from 'antd';
import { Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { ServedModel } from '../../model/types';
import { useFormController } from '../form/useFormController';
import { useRuntime } from '../RuntimeProvider';
import { useFeedback } from '../useFeedback';
import type { ColumnLink } from './buildColumns';
import { dialogFailure, lazyPart } from '../lazyPart';

// the dialog, and Formily with it, loads when a link is opened: list pages never load it statically (docs/client-budgets.md)
const FormDialog = lazyPart(
  async () => (await import('../form/FormDialog')).FormDialog,
  dialogFailure((props) => props.controller.close()),
);

/** The detail dialog of the linked record; the server answers it with that model's permission, tenant and scope. */
function LinkedDetail({ served, id, onClose }: { served: ServedModel; id: string; onClose(): void }) {
  const runtime = useRuntime();
  const feedback = useFeedback();
  const dialog = useFormController(served, runtime.dataProviderFor(served.model), { onSaved: () => undefined, onError: feedback.error });
  const { openDetail } = dialog;
  useEffect(() => openDetail(id), [openDetail, id]);
  const controller = useMemo(
    () => ({
      ...dialog,
      close: () => {
        dialog.close();
        onClose();
      },
    }),
    [dialog, onClose],
  );
  return (
    <Suspense fallback={null}>
      <FormDialog served={served} controller={controller} />
    </Suspense>
  );
}

function LinkedRecordDialog({ link, id, onClose }: { link: ColumnLink; id: string; onClose(): void }) {
  const runtime = useRuntime();
  const feedback = useFeedback();
  const [served, setServed] = useState<ServedModel>();
  useEffect(() => {
    const controller = new AbortController();
    runtime.models.load(link.model, controller.signal).then(setServed, (error: unknown) => {
      if (controller.signal.aborted) return;
      feedback.error(error);
      onClose();
    });
    return () => controller.abort();
  }, [runtime, link.model, feedback, onClose]);
  return served ? <LinkedDetail served={served} id={id} onClose={onClose} /> : null;
}

/**
 * A cell that opens another model's record (list.columns[].link): a report row's name opens that
 * person's record. The record id is the row's `idField`; without one the cell is plain.
 */
export function RecordLink({ link, id, children }: { link: ColumnLink; id: unknown; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const close = useMemo(() => () => setOpen(false), []);
  if (id === null || id === undefined || id === '') return <>{children}</>;
  return (
    <>
      <Button type="link" size="small" style={{ padding: 0, height: 'auto' }} onClick={() => setOpen(true)}>
        {children}
      </Button>
      {open ? <LinkedRecordDialog link={link} id={String(id)} onClose={close} /> : null}
    </>
  );
}
