import patterns from '../../../../../schemas/meta/patterns.json';
import positionModel from '../../../../../schemas/system/models/position.model.json';
import type { Lang, ModelFile, ServedModel } from '../../../../../runtime/model/types';

function textsOf(value: unknown, into: Record<string, string>): Record<string, string> {
  if (typeof value === 'string') into[value] = value;
  else if (Array.isArray(value)) value.forEach((item) => textsOf(item, into));
  else if (value && typeof value === 'object') Object.values(value).forEach((item) => textsOf(item, into));
  return into;
}

/** A model as GET /system/model/{id} serves it: identity texts, the named patterns in that language. */
export function serve(model: ModelFile, lang: Lang = 'zh-CN', texts?: Record<string, string>): ServedModel {
  const used = new Set(Object.values(model.entity.fields).flatMap((field) => (field.pattern ? [field.pattern] : [])));
  const served: ServedModel['patterns'] = {};
  for (const name of used) {
    const pattern = (patterns as unknown as Record<string, { regex: string; message: Record<Lang, string> }>)[name];
    if (pattern) served[name] = { regex: pattern.regex, message: pattern.message[lang] };
  }
  return { model, lang, texts: texts ?? textsOf(model, {}), patterns: served };
}

export const positionFile = positionModel as unknown as ModelFile;

/** The first real model, schemas/system/models/position.model.json. */
export function servedPosition(lang: Lang = 'zh-CN'): ServedModel {
  return serve(structuredClone(positionFile), lang);
}
