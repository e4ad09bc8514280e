import type { Translate } from '../../../RuntimeInstance';
import { useLazyNamespace } from '../../useLazyNamespace';
import { LIST_TOOLS_NAMESPACE, listToolsResources } from './i18n';

/** The list tools' texts in the current language. */
export function useToolText(): Translate {
  return useLazyNamespace(LIST_TOOLS_NAMESPACE, listToolsResources);
}
