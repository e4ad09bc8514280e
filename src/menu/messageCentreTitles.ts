import type { i18n as I18n } from 'i18next';
import { LANGS } from '../../runtime/model/types';

/** The message centre's title in every language: the server sends menu titles in the request's language. */
export function messageCentreTitles(i18n: I18n): string[] {
  return LANGS.map((lng) => i18n.t('menu.messageCentre', { lng }));
}
