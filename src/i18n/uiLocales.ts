import type { ConfigProviderProps } from 'antd';
import dayjs from 'dayjs';
import type { Lang } from '../../runtime/model/types';

export type AntdLocale = NonNullable<ConfigProviderProps['locale']>;

// one language's antd and dayjs texts at a time: the others stay out of the sign-in chunk.
// antd/es/…: antd/locale/… is CommonJS, whose default export a dynamic import does not unwrap
const LOADERS: Record<Lang, () => Promise<{ antd: AntdLocale; dayjs: string }>> = {
  'zh-CN': async () => {
    const [antd] = await Promise.all([import('antd/es/locale/zh_CN'), import('dayjs/locale/zh-cn')]);
    return { antd: antd.default, dayjs: 'zh-cn' };
  },
  en: async () => ({ antd: (await import('antd/es/locale/en_US')).default, dayjs: 'en' }),
  'zh-TW': async () => {
    const [antd] = await Promise.all([import('antd/es/locale/zh_TW'), import('dayjs/locale/zh-tw')]);
    return { antd: antd.default, dayjs: 'zh-tw' };
  },
};

/** Loads antd's locale for `lang`, switches dayjs and <html lang>, and answers the antd locale. */
export async function loadUiLocale(lang: Lang): Promise<AntdLocale> {
  const locale = await LOADERS[lang]();
  dayjs.locale(locale.dayjs);
  document.documentElement.lang = lang;
  return locale.antd;
}
