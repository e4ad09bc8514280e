import systemFields from '../../schemas/meta/system-fields.json' with { type: 'json' };
import type { Lang } from '../../runtime/model/types.js';
import type { ModuleSet } from '../engine/loadModules.js';
import { BUTTON_NAMES, SYSTEM_FIELD_NAMES } from './messages.js';
import { toTraditional } from './toTraditional.js';

/**
 * zh-CN source text -> the text in `lang`. `modelId` names the model the text belongs to: its module's own
 * locale answers first, then the shared catalogue (what no module claims: menus, dictionaries, button rows).
 */
export type Translate = (zhText: string, lang: Lang, modelId?: string) => string;

interface Catalogue {
  en: Map<string, string>;
  tw: Map<string, string>;
}

const catalogueOf = (locales: Partial<Record<Lang, Record<string, string>>>): Catalogue => ({
  en: new Map(Object.entries(locales.en ?? {})),
  tw: new Map(Object.entries(locales['zh-TW'] ?? {})),
});

/**
 * Texts in model files, module menus and dictionaries are written once, in zh-CN. English comes from
 * each module's locales/en.json (zh-CN text -> English); zh-TW is converted by OpenCC unless a
 * module's locales/zh-TW.json overrides it. Untranslated English falls back to the zh-CN source.
 *
 * Per module: two modules may translate the same zh text differently (状态 is "Status" in one and "State"
 * in another), so a model's texts resolve through its own module first. The shared catalogue (every
 * module's entries, the first module listed winning a clash, then the server's own texts) serves texts
 * outside any model and a module's texts its own locale lacks.
 */
export function createTranslator(modules: ModuleSet): Translate {
  const shared: Catalogue = { en: new Map(), tw: new Map() };
  const own = new Map<string, Catalogue>();
  for (const mod of modules.modules) {
    const catalogue = catalogueOf(mod.locales);
    own.set(mod.file.id, catalogue);
    for (const [zh, text] of catalogue.en) if (!shared.en.has(zh)) shared.en.set(zh, text);
    for (const [zh, text] of catalogue.tw) if (!shared.tw.has(zh)) shared.tw.set(zh, text);
  }
  // the server's own texts stored in rows (button names), after the modules' so a module may override them
  for (const name of Object.values(BUTTON_NAMES)) if (!shared.en.has(name['zh-CN'])) shared.en.set(name['zh-CN'], name.en);
  // the system fields every model has (创建时间…), labelled as system-fields.json says, in the renderer's words
  for (const [name, field] of Object.entries(systemFields)) {
    if (name === '$comment') continue;
    const label = (field as { label: string }).label;
    const words = SYSTEM_FIELD_NAMES[name];
    if (words && !shared.en.has(label)) shared.en.set(label, words.en);
    if (words && !shared.tw.has(label)) shared.tw.set(label, words['zh-TW']);
  }

  // a model shipped in a module folder is known by id; one released at run time belongs to the module its id
  // starts with ("lab.sample" -> lab), as module loading requires of files
  const moduleCatalogue = (modelId: string): Catalogue | undefined => {
    const shipped = modules.moduleOf.get(modelId);
    if (shipped) return own.get(shipped.file.id);
    const dot = modelId.indexOf('.');
    return dot > 0 ? own.get(modelId.slice(0, dot)) : undefined;
  };
  return (zhText, lang, modelId) => {
    if (lang === 'zh-CN') return zhText;
    const scoped = modelId === undefined ? undefined : moduleCatalogue(modelId);
    if (lang === 'en') return scoped?.en.get(zhText) ?? shared.en.get(zhText) ?? zhText;
    return scoped?.tw.get(zhText) ?? shared.tw.get(zhText) ?? toTraditional(zhText);
  };
}

/** `translate` with the texts of one model: its module's locale first (see createTranslator). */
export function translatorFor(translate: Translate, modelId: string): Translate {
  return (zhText, lang, scope) => translate(zhText, lang, scope ?? modelId);
}
