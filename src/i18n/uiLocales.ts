import type { ConfigProviderProps } from 'antd';
import type { Lang } from '../../runtime/model/types';

export type AntdLocale = NonNullable<ConfigProviderProps['locale']>;

// one language's antd texts at a time, loaded by antd's provider (AntdScope) and with the router (startShell):
// the sign-in route, which shows no antd control, loads none. dayjs is not here: the sign-in page shows no
// date, so it follows the language under the router (dayjsLocale.ts).
// antd/es/…: antd/locale/… is CommonJS, whose default export a dynamic import does not unwrap
const LOADERS: Record<Lang, () => Promise<{ default: AntdLocale }>> = {
  'zh-CN': () => import('antd/es/locale/zh_CN'),
  en: () => import('antd/es/locale/en_US'),
  'zh-TW': () => import('antd/es/locale/zh_TW'),
};

// the texts loaded so far (a module answers the same object on every import): AntdScope renders at once with them
const loaded = new Map<Lang, AntdLocale>();

/** Loads antd's texts for `lang`. */
export async function loadUiLocale(lang: Lang): Promise<AntdLocale> {
  const locale = (await LOADERS[lang]()).default;
  loaded.set(lang, locale);
  return locale;
}

/** antd's texts for `lang` if loadUiLocale has brought them, else undefined. */
export function loadedUiLocale(lang: Lang): AntdLocale | undefined {
  return loaded.get(lang);
}
