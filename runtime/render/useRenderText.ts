import { useTranslation } from 'react-i18next';
import type { Translate } from '../RuntimeInstance';
import { RENDER_NAMESPACE } from './i18n';
import { useRuntime } from './RuntimeProvider';

/** The renderer's texts in the current language; components re-render when the language changes. */
export function useRenderText(): Translate {
  const runtime = useRuntime();
  const { t } = useTranslation(RENDER_NAMESPACE, { i18n: runtime.i18n, useSuspense: false });
  return t as unknown as Translate;
}
