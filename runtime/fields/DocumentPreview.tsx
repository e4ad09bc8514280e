import { EyeOutlined } from '@ant-design/icons';
import { connect, mapReadPretty } from '@formily/react';
import { Button, Space } from 'antd';
import { useDocumentPreview } from './preview/useDocumentPreview';
import { nameOfPath, pathsOf } from './upload/storedFiles';
import { useFieldText } from './useFieldText';

export interface DocumentPreviewProps {
  /** stored paths '<bucket>/<name>', comma-joined */
  value?: string;
}

/** The stored files of a field, each opening the document preview; the same in edit and read-only forms. */
function DocumentList({ value }: DocumentPreviewProps) {
  const t = useFieldText();
  const { preview, dialog } = useDocumentPreview();
  return (
    <Space direction="vertical" size={0}>
      {pathsOf(value).map((path) => (
        <Button key={path} type="link" size="small" icon={<EyeOutlined />} title={t('preview.open')} onClick={() => void preview(path)}>
          {nameOfPath(path)}
        </Button>
      ))}
      {dialog}
    </Space>
  );
}

/** A field's stored documents with the full-screen preview ('document preview - file name'). */
export const DocumentPreview = connect(DocumentList, mapReadPretty(DocumentList));
