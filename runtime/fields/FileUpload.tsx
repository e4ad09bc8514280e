import { UploadOutlined } from '@ant-design/icons';
import { connect, mapReadPretty } from '@formily/react';
import { Button, Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import { checkFile, DEFAULT_FILE_COUNT, type FileTypeMode, type SizeUnit } from '../upload/uploadRules';
import { fileListOf, nameOfPath, pathsOf, valueOf } from './upload/storedFiles';
import { useServerUpload } from './upload/useServerUpload';

export interface FileUploadProps {
  value?: string;
  onChange?: (value: string) => void;
  multiple?: boolean;
  /** files at most (default 5 in multiple mode, else 1); 0 is unlimited */
  maxCount?: number;
  maxSize?: number;
  unit?: SizeUnit;
  typeMode?: FileTypeMode;
  accept?: string[];
  /** the storage bucket */
  biz?: string;
  disabled?: boolean;
}

function FileUploadInput({ value, onChange, multiple = false, maxCount, maxSize, unit, typeMode, accept, biz = 'annex', disabled }: FileUploadProps) {
  const limit = maxCount ?? (multiple ? DEFAULT_FILE_COUNT : 1);
  const [list, setList] = useState<UploadFile[]>(() => fileListOf(value));
  const { beforeUpload, customRequest, t } = useServerUpload({
    biz,
    existing: list.length,
    limit,
    countKey: 'upload.fileCount',
    check: (file) => checkFile(file, { maxSize, unit, typeMode, accept }),
  });

  const change = (next: UploadFile[]) => {
    setList(next);
    onChange?.(valueOf(next));
  };

  return (
    <Upload
      fileList={list}
      multiple={multiple}
      disabled={disabled}
      accept={accept?.join(',')}
      beforeUpload={beforeUpload}
      customRequest={customRequest}
      onChange={({ fileList }) => change(fileList.map((f) => (f.status === 'error' ? { ...f, response: f.error?.message || t('upload.unknownError') } : f)))}
    >
      <Button icon={<UploadOutlined />} disabled={disabled}>
        {t('upload.button')}
      </Button>
    </Upload>
  );
}

function FileUploadView({ value }: Pick<FileUploadProps, 'value'>) {
  return <span>{pathsOf(value).map(nameOfPath).join(', ')}</span>;
}

/** File upload to /sys/common/upload with the spec's count, size and type rules; the value is the stored paths. */
export const FileUpload = connect(FileUploadInput, mapReadPretty(FileUploadView));
