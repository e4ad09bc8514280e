import { CheckCircleOutlined, CloseCircleOutlined, CloseOutlined, LoadingOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Space, Tooltip } from 'antd';
import { useRef, useState } from 'react';
import { useRuntime } from '../../../render/RuntimeProvider';
import { alreadyShown } from '../../../render/useFeedback';
import { checkFile } from '../../../upload/uploadRules';
import { useDocumentPreview } from '../../preview/useDocumentPreview';
import { uploadToServer } from '../../upload/storedFiles';
import { useFieldText } from '../../useFieldText';
import { shortFileName } from '../tableRules';
import type { CellEditorProps } from './CellProps';

/** spec 000 §3: what an upload cell stores */
export interface UploadEntry {
  fileName: string;
  filePath: string;
  fileSize: number;
}

type Progress = { state: 'idle' } | { state: 'uploading'; percent: number } | { state: 'error'; message: string };

export function isUploadEntry(value: unknown): value is UploadEntry {
  return typeof value === 'object' && value !== null && typeof (value as UploadEntry).filePath === 'string';
}

/**
 * A file in one cell: posted to /sys/common/upload with the spec's size rule; the status icon's tooltip
 * reads 'uploading (n%)', 'upload complete' or 'upload failed', and the name shows 5 characters.
 */
export function UploadCell({ value, column, disabled, onChange }: CellEditorProps) {
  const { http } = useRuntime();
  const { message } = App.useApp();
  const t = useFieldText();
  const { preview, dialog } = useDocumentPreview();
  const [progress, setProgress] = useState<Progress>({ state: 'idle' });
  const input = useRef<HTMLInputElement>(null);
  const entry = isUploadEntry(value) ? value : null;

  const send = async (file: File) => {
    const problem = checkFile(file);
    if (problem) {
      void message.warning(t(problem.key, problem.values));
      return;
    }
    setProgress({ state: 'uploading', percent: 0 });
    try {
      const path = await uploadToServer(http, file, column.biz ?? 'annex', undefined, (loaded, total) =>
        // capped at 99 until the server answers
        setProgress({ state: 'uploading', percent: Math.min(99, Math.floor((loaded / Math.max(total, 1)) * 100)) }),
      );
      setProgress({ state: 'idle' });
      onChange({ fileName: file.name, filePath: path, fileSize: file.size } satisfies UploadEntry);
    } catch (error) {
      const text = (error as Error).message || t('upload.unknownError');
      setProgress({ state: 'error', message: text });
      if (!alreadyShown(error)) void message.error(text, 1.5);
    }
  };

  const status =
    progress.state === 'uploading' ? (
      <Tooltip title={t('editableTable.uploading', { percent: progress.percent })}>
        <LoadingOutlined data-upload-state="uploading" />
      </Tooltip>
    ) : progress.state === 'error' ? (
      <Tooltip title={`${t('editableTable.uploadFailed')}: ${progress.message}`}>
        <CloseCircleOutlined data-upload-state="error" style={{ color: '#ff4d4f' }} />
      </Tooltip>
    ) : entry ? (
      <Tooltip title={t('editableTable.uploadDone')}>
        <CheckCircleOutlined data-upload-state="done" style={{ color: '#52c41a' }} />
      </Tooltip>
    ) : null;

  return (
    <Space size={4}>
      {status}
      {entry ? (
        <Tooltip title={entry.fileName}>
          {column.allowDownload === false ? (
            <span>{shortFileName(entry.fileName)}</span>
          ) : (
            <a onClick={() => void preview(entry.filePath)}>{shortFileName(entry.fileName)}</a>
          )}
        </Tooltip>
      ) : (
        <Button size="small" icon={<UploadOutlined />} disabled={disabled || progress.state === 'uploading'} onClick={() => input.current?.click()}>
          {t('upload.button')}
        </Button>
      )}
      {entry && column.allowRemove !== false && !disabled ? (
        <CloseOutlined role="button" aria-label={t('upload.remove')} onClick={() => onChange(null)} />
      ) : null}
      <input
        ref={input}
        type="file"
        hidden
        aria-label={column.title}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void send(file);
        }}
      />
      {dialog}
    </Space>
  );
}
