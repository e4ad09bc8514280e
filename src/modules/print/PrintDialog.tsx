import { Alert, Button, Modal, Select, Space, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useRuntime } from '../../../runtime';
import { useLazyNamespace } from '../../../runtime/render/useLazyNamespace';
import { saveBlob } from '../../../runtime/render/list/tools/saveBlob';
import type { PrintData } from '../../../runtime/model/printTemplate';
import { PrintDocument } from './PrintDocument';
import { PRINT_NAMESPACE, printResources } from './printResources';
import type { PrintRequest } from './printRequests';

interface TemplateOption {
  id: string;
  fullName: string;
}

const BASE = '/api/system/printDev';

/**
 * Prints one record through a print template of its model (devPlatform.printDev): the enabled templates
 * bound to the model, a preview of the printout, the browser's print (only the printout is printed) and
 * the server's PDF.
 */
export function PrintDialog({ request, onClose }: { request: PrintRequest; onClose: () => void }) {
  const { http } = useRuntime();
  const t = useLazyNamespace(PRINT_NAMESPACE, printResources);
  const [templates, setTemplates] = useState<TemplateOption[] | null>(null);
  const [templateId, setTemplateId] = useState<string>();
  const [data, setData] = useState<PrintData | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    void http.get<{ list: TemplateOption[] }>(`${BASE}/Selector`, { formId: request.modelId }).then(({ data: answer }) => {
      if (!live) return;
      setTemplates(answer.list);
      if (answer.list.length > 0) setTemplateId(answer.list[0]!.id);
    });
    return () => {
      live = false;
    };
  }, [http, request.modelId]);

  useEffect(() => {
    if (!templateId) return;
    let live = true;
    setData(null);
    void http.get<PrintData>(`${BASE}/Data`, { id: templateId, dataId: request.recordId }).then(({ data: answer }) => {
      if (live) setData(answer);
    });
    return () => {
      live = false;
    };
  }, [http, templateId, request.recordId]);

  async function downloadPdf() {
    if (!templateId || !data) return;
    setBusy(true);
    try {
      const { data: blob } = await http.get<Blob>(`${BASE}/Pdf`, { id: templateId, dataId: request.recordId }, { responseType: 'blob', timeoutMs: 100_000 });
      saveBlob(blob, `${data.fullName}.pdf`);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open
      title={t('dialogTitle')}
      width={900}
      maskClosable={false}
      onCancel={onClose}
      footer={
        <Space>
          <Button onClick={onClose}>{t('close')}</Button>
          <Button disabled={!data} loading={busy} onClick={() => void downloadPdf()}>
            {t('downloadPdf')}
          </Button>
          <Button type="primary" disabled={!data} onClick={() => window.print()}>
            {t('browserPrint')}
          </Button>
        </Space>
      }
    >
      {templates === null ? (
        <Spin />
      ) : templates.length === 0 ? (
        <Alert type="info" message={t('noTemplate')} />
      ) : (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Select
            aria-label={t('template')}
            style={{ width: 320 }}
            value={templateId}
            placeholder={t('chooseTemplate')}
            options={templates.map((tpl) => ({ value: tpl.id, label: tpl.fullName }))}
            onChange={setTemplateId}
          />
          <div className="cl-print-preview">{data ? <PrintDocument data={data} /> : <Spin />}</div>
        </Space>
      )}
      {data ? createPortal(<div className="cl-print-area">{<PrintDocument data={data} />}</div>, document.body) : null}
    </Modal>
  );
}
