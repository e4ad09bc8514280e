import { useTranslation } from 'react-i18next';
import type { Translate } from '../RuntimeInstance';
import { useRuntime } from '../render/RuntimeProvider';
import { FIELDS_NAMESPACE } from './i18n';

/** The widgets' texts in the current language; widgets re-render when the language changes. */
export function useFieldText(): Translate {
  const runtime = useRuntime();
  const { t } = useTranslation(FIELDS_NAMESPACE, { i18n: runtime.i18n, useSuspense: false });
  return t as unknown as Translate;
}
