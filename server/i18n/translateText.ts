import type { Lang } from '../../runtime/model/types.js';
import type { ModuleSet } from '../engine/loadModules.js';
import { BUTTON_NAMES } from './messages.js';
import { toTraditional } from './toTraditional.js';

export type Translate = (zhText: string, lang: Lang) => string;

/**
 * Texts in model files, module menus and dictionaries are written once, in zh-CN. English comes from
 * each module's locales/en.json (zh-CN text -> English); zh-TW is converted by OpenCC unless a
 * module's locales/zh-TW.json overrides it. Untranslated English falls back to the zh-CN source.
 */
export function createTranslator(modules: ModuleSet): Translate {
  const en = new Map<string, string>();
  const tw = new Map<string, string>();
  for (const mod of modules.modules) {
    for (const [zh, text] of Object.entries(mod.locales.en ?? {})) if (!en.has(zh)) en.set(zh, text);
    for (const [zh, text] of Object.entries(mod.locales['zh-TW'] ?? {})) if (!tw.has(zh)) tw.set(zh, text);
  }
  // the server's own texts stored in rows (button names), after the modules' so a module may override them
  for (const name of Object.values(BUTTON_NAMES)) if (!en.has(name['zh-CN'])) en.set(name['zh-CN'], name.en);
  return (zhText, lang) => {
    if (lang === 'en') return en.get(zhText) ?? zhText;
    if (lang === 'zh-TW') return tw.get(zhText) ?? toTraditional(zhText);
    return zhText;
  };
}
