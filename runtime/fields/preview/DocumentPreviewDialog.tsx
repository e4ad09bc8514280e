import { Button, Modal } from 'antd';
import { useFieldText } from '../useFieldText';
import { previewKind } from './previewKind';

export interface DocumentPreviewDialogProps {
  /** the ticket address the preview call answered (valid 60 s, no token needed) */
  url: string;
  fileName: string;
  onClose(): void;
}

/** The full-screen preview ('document preview - file name'): an image, or a PDF in a frame; Cancel closes. */
export function DocumentPreviewDialog({ url, fileName, onClose }: DocumentPreviewDialogProps) {
  const t = useFieldText();
  return (
    <Modal
      open
      title={t('preview.title', { name: fileName })}
      width="100%"
      style={{ top: 0, maxWidth: '100vw', paddingBottom: 0 }}
      styles={{ body: { height: 'calc(100vh - 166px)' } }}
      maskClosable={false}
      footer={<Button onClick={onClose}>{t('preview.cancel')}</Button>}
      onCancel={onClose}
    >
      {previewKind(fileName) === 'image' ? (
        <img src={url} alt={fileName} style={{ maxWidth: '100%', maxHeight: '100%', display: 'block', margin: '0 auto' }} />
      ) : (
        <iframe src={url} title={fileName} style={{ width: '100%', height: '100%', border: 0 }} />
      )}
    </Modal>
  );
}
