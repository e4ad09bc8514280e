import type { Form } from '@formily/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { DataProvider, DataRecord } from '../../data/DataProvider';
import type { ServedModel } from '../../model/types';
import { alreadyShown } from '../useFeedback';
import { applyServerErrors } from './applyServerErrors';
import type { FormMode } from './buildFormSchema';
import { loadFormKit } from './loadFormKit';
import { pickFormValues, recordFormValues } from './pickFormValues';

export type FormDialogState =
  | { status: 'closed'; mode: FormMode }
  | { status: 'loading'; mode: 'edit' | 'detail'; id: string }
  | { status: 'error'; mode: 'edit' | 'detail'; id: string; error: unknown }
  | { status: 'editing'; mode: 'add' | 'edit'; form: Form; record?: DataRecord; submitting: boolean }
  | { status: 'viewing'; mode: 'detail'; record: DataRecord };

export interface FormController {
  state: FormDialogState;
  /** opens an empty add form, or one starting from these values (a tree node's 添加下级 names the parent) */
  openAdd(initialValues?: Record<string, unknown>): void;
  openEdit(id: string): void;
  openDetail(id: string): void;
  /** loads the record again after a failed load */
  retry(): void;
  close(): void;
  /** validates, then creates or updates; server field errors land on the fields */
  submit(): Promise<void>;
}

export interface FormControllerOptions {
  /** values every created record gets (a sub-record's foreign key) */
  fixedValues?: Record<string, unknown>;
  /** after a successful save, with the server's message (e.g. 添加成功) */
  onSaved(message: string): void;
  /**
   * a failure to show: the error itself when it has no field errors (stale version, business rule…),
   * or the joined field messages that matched no field of the form
   */
  onError(error: unknown): void;
}

/** The add / edit / detail dialog of one model, headless: FormDialog renders it. */
export function useFormController(served: ServedModel, dataProvider: DataProvider, options: FormControllerOptions): FormController {
  const [state, setState] = useState<FormDialogState>({ status: 'closed', mode: 'add' });
  const abort = useRef<AbortController | null>(null);
  const latest = useRef({ served, dataProvider, options });
  latest.current = { served, dataProvider, options };

  const load = useCallback((mode: 'edit' | 'detail', id: string) => {
    abort.current?.abort();
    const controller = (abort.current = new AbortController());
    setState({ status: 'loading', mode, id });
    const { served: model, dataProvider: provider } = latest.current;
    Promise.all([provider.get(id, controller.signal), loadFormKit()]).then(
      ([record, { createRecordForm }]) => {
        if (controller.signal.aborted) return;
        if (mode === 'detail') return setState({ status: 'viewing', mode, record });
        const form = createRecordForm({ initialValues: recordFormValues(model, record) });
        setState({ status: 'editing', mode: 'edit', form, record, submitting: false });
      },
      (error: unknown) => !controller.signal.aborted && setState({ status: 'error', mode, id, error }),
    );
  }, []);

  useEffect(() => () => abort.current?.abort(), []);

  const close = useCallback(() => {
    abort.current?.abort();
    setState((current) => ({ status: 'closed', mode: current.mode }));
  }, []);

  const submit = useCallback(async () => {
    if (state.status !== 'editing' || state.submitting) return;
    const { form, mode, record } = state;
    const { served: model, dataProvider: provider, options: callbacks } = latest.current;
    try {
      await form.validate();
    } catch {
      return; // the fields show their messages
    }
    // the user may close the dialog while the request runs: only touch the dialog that submitted
    const update = (change: (current: FormDialogState & { status: 'editing' }) => FormDialogState) =>
      setState((current) => (current.status === 'editing' && current.form === form ? change(current) : current));
    update((current) => ({ ...current, submitting: true }));
    try {
      const { toJS } = await loadFormKit();
      const values = pickFormValues(model, toJS(form.values) as Record<string, unknown>, mode);
      const message =
        mode === 'edit' && record
          ? await provider.update(record.id, { ...values, version: record.version })
          : await provider.create({ ...values, ...callbacks.fixedValues });
      // closing drops the form: the next open starts from a fresh, empty one
      update(() => ({ status: 'closed', mode }));
      callbacks.onSaved(message);
    } catch (error) {
      update((current) => ({ ...current, submitting: false }));
      const unmatched = applyServerErrors(form, error);
      if (unmatched === null) callbacks.onError(error);
      else if (unmatched.length > 0 && !alreadyShown(error)) callbacks.onError(unmatched.join('；'));
    }
  }, [state]);

  // Formily comes with the first form opened (loadFormKit); until then the dialog is not shown
  const openAdd = useCallback((initialValues?: Record<string, unknown>) => {
    abort.current?.abort();
    const controller = (abort.current = new AbortController());
    void loadFormKit().then(({ createRecordForm }) => {
      if (!controller.signal.aborted) setState({ status: 'editing', mode: 'add', form: createRecordForm({ initialValues }), submitting: false });
    });
  }, []);
  const openEdit = useCallback((id: string) => load('edit', id), [load]);
  const openDetail = useCallback((id: string) => load('detail', id), [load]);
  const retry = useCallback(() => {
    if (state.status === 'error') load(state.mode, state.id);
  }, [state, load]);

  return { state, openAdd, openEdit, openDetail, retry, close, submit };
}
