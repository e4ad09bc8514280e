import { InboxOutlined } from '@ant-design/icons';
import { App, Button, Modal, Space, Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import type { DataProvider } from '../../../data/DataProvider';
import { resolveOperations } from '../../../model/resolveOperations';
import type { ServedModel } from '../../../model/types';
import { modelText } from '../../modelText';
import { useRuntime } from '../../RuntimeProvider';
import { alreadyShown, useErrorText } from '../../useFeedback';
import { useRenderText } from '../../useRenderText';
import { importFileProblem, isExcelName } from './importFiles';
import { saveBlob } from './saveBlob';
import { useToolText } from './useToolText';

export interface ImportDialogProps {
  served: ServedModel;
  provider: DataProvider;
  open: boolean;
  onClose(): void;
  /** after rows were imported: the list reloads */
  onImported(): void;
}

/**
 * The Excel import dialog (spec 000 §5, spec 001 §8): .xls/.xlsx only, at least one file; each file is
 * imported all-or-nothing; a refused file (code 201) warns with a link to the report of its bad rows;
 * when every file went in, the dialog closes and the list reloads.
 */
export default function ImportDialog({ served, provider, open, onClose, onImported }: ImportDialogProps) {
  const t = useToolText();
  const renderT = useRenderText();
  const describe = useErrorText();
  const { http } = useRuntime();
  const { message, modal } = App.useApp();
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [busy, setBusy] = useState(false);
  const hasTemplate = Boolean(resolveOperations(served.model).importTemplate);

  const downloadReport = async (url: string, fileName: string) => {
    try {
      saveBlob((await http.get<Blob>(url, {}, { responseType: 'blob' })).data, fileName);
    } catch (error) {
      if (!alreadyShown(error)) void message.error(describe(error));
    }
  };
  const downloadTemplate = async () => {
    try {
      saveBlob(await provider.importTemplate(), `${modelText(served, served.model.title)}.xlsx`);
    } catch (error) {
      if (!alreadyShown(error)) void message.error(describe(error));
    }
  };

  // closing forgets the chosen files (as Jeecg's import dialog does): reopening starts empty
  const close = () => {
    setFiles([]);
    onClose();
  };

  const start = async () => {
    const problem = importFileProblem(files);
    if (problem) return void message.warning(t(`import.${problem}`));
    setBusy(true);
    let imported = false;
    const left: UploadFile[] = [];
    try {
      for (const file of files) {
        const shown = `import-${file.uid}`;
        try {
          // the bar follows the bytes sent; once all are sent the server checks and writes every row (up to
          // seconds for large files), so the bar stops at 99 % and a notice says what is going on
          const progress = (percent: number) => setFiles((list) => list.map((f) => (f.uid === file.uid ? { ...f, status: 'uploading', percent } : f)));
          progress(0);
          const answer = await provider.importFile(file.originFileObj as Blob, file.name, {
            onProgress(loaded, total) {
              const percent = total > 0 ? Math.min(99, Math.floor((loaded / total) * 100)) : 0;
              progress(percent);
              if (loaded >= total) void message.loading({ key: shown, content: t('import.checking', { name: file.name }), duration: 0 });
            },
          });
          message.destroy(shown);
          if (answer.imported) {
            imported = true;
            void message.success(answer.message || t('import.done'));
            continue;
          }
          left.push(file);
          modal.warning({
            title: answer.message || t('import.rejected', { errorCount: answer.errorCount }),
            content: (
              <Button type="link" style={{ padding: 0 }} onClick={() => void downloadReport(answer.fileUrl, answer.fileName)}>
                {t('import.errorFile')}
              </Button>
            ),
            okText: renderT('action.ok'),
          });
        } catch (error) {
          message.destroy(shown);
          left.push(file);
          if (!alreadyShown(error)) void message.error(t('import.failed', { name: file.name, message: describe(error) }));
        }
      }
    } finally {
      setBusy(false);
    }
    if (imported) onImported();
    // an imported file leaves the list, so importing again cannot add its rows twice (a kept one shows as chosen again)
    setFiles(left);
    if (left.length === 0) close();
  };

  return (
    <Modal
      title={t('import.title')}
      open={open}
      maskClosable={false}
      onCancel={close}
      footer={
        <Space>
          {hasTemplate && (
            <Button type="link" onClick={() => void downloadTemplate()}>
              {t('import.template')}
            </Button>
          )}
          <Button onClick={close}>{renderT('action.close')}</Button>
          <Button type="primary" loading={busy} onClick={() => void start()}>
            {t('import.start')}
          </Button>
        </Space>
      }
    >
      <Upload.Dragger
        accept=".xls,.xlsx"
        multiple
        fileList={files}
        // kept in the dialog until 开始导入: nothing is sent on choosing
        beforeUpload={(file) => {
          if (!isExcelName(file.name)) {
            void message.warning(t('import.badType'));
            return Upload.LIST_IGNORE;
          }
          return false;
        }}
        onChange={({ fileList }) => setFiles(fileList)}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{t('import.drop')}</p>
        <p className="ant-upload-hint">{t('import.hint')}</p>
      </Upload.Dragger>
    </Modal>
  );
}
