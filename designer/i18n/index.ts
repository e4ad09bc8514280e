import en from './en.json';
import zhCN from './zh-CN.json';
import zhTW from './zh-TW.json';

/** The designer app's own texts (namespace 'designerApp'); widget titles are the manifests' ('designer'). */
export const DESIGNER_APP_NAMESPACE = 'designerApp';
export const designerAppResources = { 'zh-CN': zhCN, en, 'zh-TW': zhTW };
