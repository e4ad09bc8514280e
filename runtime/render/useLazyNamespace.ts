import type { i18n as I18n } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGS, type Lang } from '../model/types';
import type { Translate } from '../RuntimeInstance';
import { useRuntime } from './RuntimeProvider';

/** Adds a lazily loaded part's catalogue once; a text the application already customised is kept. */
export function addLazyNamespace(i18n: I18n, namespace: string, resources: Record<Lang, object>): void {
  for (const lang of LANGS) if (!i18n.hasResourceBundle(lang, namespace)) i18n.addResourceBundle(lang, namespace, resources[lang], true, false);
}

/**
 * The texts of a lazily loaded part (the query builder, the import dialog): its catalogue travels in
 * its own chunk and joins the runtime's i18next instance when the part first renders.
 */
export function useLazyNamespace(namespace: string, resources: Record<Lang, object>): Translate {
  const { i18n } = useRuntime();
  useState(() => addLazyNamespace(i18n, namespace, resources));
  const { t } = useTranslation(namespace, { i18n, useSuspense: false });
  return t as unknown as Translate;
}
