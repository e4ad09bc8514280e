import { App } from 'antd';
import { useState, type ReactNode } from 'react';
import { useRuntime } from '../../render/RuntimeProvider';
import { nameOfPath } from '../upload/storedFiles';
import { useFieldText } from '../useFieldText';
import { DocumentPreviewDialog } from './DocumentPreviewDialog';
import { previewKind, previewQuery } from './previewKind';

/**
 * Opens a stored file: GET /api/file/Uploader/Preview issues a 60 s ticket address for it (a frame
 * cannot send the token header); images and PDFs open in the preview dialog, other types download.
 */
export function useDocumentPreview(): { preview(path: string): Promise<void>; dialog: ReactNode } {
  const { http } = useRuntime();
  const { message } = App.useApp();
  const t = useFieldText();
  const [shown, setShown] = useState<{ url: string; fileName: string } | null>(null);
  const preview = async (path: string) => {
    try {
      const { data } = await http.get<{ url: string; fileName?: string }>('/api/file/Uploader/Preview', previewQuery(path), { silent: true });
      const fileName = data.fileName || nameOfPath(path);
      if (previewKind(fileName) !== 'download') {
        setShown({ url: data.url, fileName });
        return;
      }
      const link = document.createElement('a');
      link.href = data.url;
      link.download = fileName;
      link.click();
      void message.info(t('preview.download'));
    } catch {
      void message.error(t('preview.failed'));
    }
  };
  return { preview, dialog: shown ? <DocumentPreviewDialog {...shown} onClose={() => setShown(null)} /> : null };
}
