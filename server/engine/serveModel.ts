import systemFields from '../../schemas/meta/system-fields.json' with { type: 'json' };
import { formFieldItems } from '../../runtime/model/formFieldItems.js';
import type { Lang, ModelFile, ServedModel } from '../../runtime/model/types.js';
import { isPatternName, PATTERNS } from '../../runtime/validation/patterns.js';
import type { Translate } from '../i18n/translateText.js';

const SYSTEM_LABELS = Object.entries(systemFields)
  .filter(([k]) => k !== '$comment')
  .map(([, f]) => (f as { label: string }).label);

/** Every zh-CN text a model shows: title, labels, field messages, column, tab, tab group, dialog and section titles, report parameter labels, action labels, placeholders, system field labels. */
export function modelTexts(model: ModelFile): string[] {
  const texts = new Set<string>([model.title, ...SYSTEM_LABELS]);
  // an operation list's row fields (version 13) label its columns like the entity's
  for (const field of [...Object.values(model.entity.fields), ...Object.values(model.list?.rows?.fields ?? {})]) {
    texts.add(field.label);
    for (const message of Object.values(field.messages ?? {})) texts.add(message);
  }
  for (const column of model.list?.columns ?? []) if (typeof column === 'object' && column.title) texts.add(column.title);
  for (const tab of model.tabs ?? []) for (const text of [tab.title, tab.group]) if (text) texts.add(text);
  for (const title of Object.values(model.form?.titles ?? {})) texts.add(title);
  for (const param of Object.values(model.query?.params ?? {})) texts.add(param.label);
  for (const { item } of formFieldItems(model.form)) if (typeof item === 'object' && item.placeholder) texts.add(item.placeholder);
  for (const section of [...(model.form?.sections ?? []), ...(model.form?.tabs ?? []).flatMap((tab) => tab.sections ?? [])])
    if (section.title) texts.add(section.title);
  for (const tab of model.form?.tabs ?? []) texts.add(tab.title);
  for (const action of model.list?.actions ?? []) {
    if (typeof action !== 'object') continue;
    texts.add(action.label);
    if (typeof action.confirm === 'string') texts.add(action.confirm);
  }
  return [...texts];
}

/** What GET /system/model/:id answers for one language (and the caller's field access, when restricted). */
export function buildServedModel(model: ModelFile, lang: Lang, translate: Translate, fieldAccess?: ServedModel['fieldAccess']): ServedModel {
  const texts = Object.fromEntries(modelTexts(model).map((zh) => [zh, translate(zh, lang, model.id)]));
  const used: ServedModel['patterns'] = {};
  for (const field of Object.values(model.entity.fields)) {
    const def = field.pattern && isPatternName(field.pattern) ? PATTERNS[field.pattern] : undefined;
    if (def) used[field.pattern!] = { regex: def.regex, message: def.message[lang] };
  }
  return { model, lang, texts, patterns: used, ...(fieldAccess ? { fieldAccess } : {}) };
}
