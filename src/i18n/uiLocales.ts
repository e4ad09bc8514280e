import type { ConfigProviderProps } from 'antd';
import type { Lang } from '../../runtime/model/types';

export type AntdLocale = NonNullable<ConfigProviderProps['locale']>;

// one language's antd texts at a time: the others stay out of the sign-in chunk. dayjs is not here: the
// sign-in page shows no date, so it follows the language under the router (dayjsLocale.ts).
// antd/es/…: antd/locale/… is CommonJS, whose default export a dynamic import does not unwrap
const LOADERS: Record<Lang, () => Promise<{ default: AntdLocale }>> = {
  'zh-CN': () => import('antd/es/locale/zh_CN'),
  en: () => import('antd/es/locale/en_US'),
  'zh-TW': () => import('antd/es/locale/zh_TW'),
};

/** Loads antd's locale for `lang`, switches <html lang>, and answers the antd locale. */
export async function loadUiLocale(lang: Lang): Promise<AntdLocale> {
  const locale = (await LOADERS[lang]()).default;
  document.documentElement.lang = lang;
  return locale;
}
