import type { App } from 'antd';
import type { i18n as I18n } from 'i18next';
import type { DataProvider, ListParams } from '../../../data/DataProvider';
import type { ServedModel } from '../../../model/types';
import { addLazyNamespace } from '../../useLazyNamespace';
import { modelText } from '../../modelText';
import { LIST_TOOLS_NAMESPACE, listToolsResources } from './i18n';
import { saveBlob } from './saveBlob';

export interface ExportJob {
  served: ServedModel;
  provider: DataProvider;
  /** the list's current query (paging is ignored by the server) */
  params: ListParams;
  /** checked rows: only these are exported */
  selection: string[];
  i18n: I18n;
  message: ReturnType<typeof App.useApp>['message'];
}

const KEY = 'cloudlab-export';

function sizeText(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * Exports the current query, or the checked rows when there are any (spec 001 §2), as the model's
 * .xlsx. The server streams the file; a message shows the bytes received while it comes, so a long
 * export visibly progresses. An empty answer is 'file download failed' (spec 001 §8).
 */
export async function exportList({ served, provider, params, selection, i18n, message }: ExportJob): Promise<void> {
  addLazyNamespace(i18n, LIST_TOOLS_NAMESPACE, listToolsResources);
  const t = i18n.getFixedT(null, LIST_TOOLS_NAMESPACE);
  void message.loading({ key: KEY, content: t('export.running'), duration: 0 });
  try {
    const blob = await provider.exportFile(params, {
      selections: selection.length > 0 ? selection : undefined,
      onProgress: (loaded) => void message.loading({ key: KEY, content: t('export.progress', { size: sizeText(loaded) }), duration: 0 }),
    });
    if (blob.size === 0) {
      void message.error({ key: KEY, content: t('export.empty') });
      return;
    }
    saveBlob(blob, `${modelText(served, served.model.title)}.xlsx`);
    void message.success({ key: KEY, content: t('export.done') });
  } catch (error) {
    message.destroy(KEY);
    throw error;
  }
}
