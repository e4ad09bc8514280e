import { Button, Empty, Modal, Spin, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '../../runtime/render/list/tools/saveBlob';
import type { DesignApi, DesignRow } from '../persistence/designApi';

/**
 * Code download (Generater): the design's module folder and a README for integrators, previewed file by
 * file (CodePreview) and downloaded as a zip (DownloadCode). No screen code is generated: the files are
 * the model the runtime interprets, so they cannot drift from it.
 */
export function CodeDialog({ api, row, open, onClose }: { api: DesignApi; row: DesignRow; open: boolean; onClose(): void }) {
  const { t } = useTranslation('designerApp');
  const [files, setFiles] = useState<{ path: string; content: string }[] | null>(null);
  useEffect(() => {
    if (!open) return;
    setFiles(null);
    api
      .codePreview(row.id)
      .then(setFiles)
      .catch(() => setFiles([]));
  }, [api, open, row.id]);
  const download = async () => saveBlob(await api.downloadCode(row.id), `${row.enCode}.zip`);
  return (
    <Modal
      open={open}
      title={t('code.title', { name: row.fullName })}
      width={1000}
      onCancel={onClose}
      maskClosable={false}
      footer={
        <Button type="primary" onClick={() => void download().catch(() => undefined)}>
          {t('code.download')}
        </Button>
      }
    >
      {files === null ? (
        <Spin />
      ) : files.length === 0 ? (
        <Empty />
      ) : (
        <Tabs
          data-testid="code-preview"
          items={files.map((f) => ({
            key: f.path,
            label: f.path,
            children: <pre style={{ maxHeight: 520, overflow: 'auto', fontSize: 12, background: '#fafafa', padding: 8 }}>{f.content}</pre>,
          }))}
        />
      )}
    </Modal>
  );
}
