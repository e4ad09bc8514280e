import type { Lang } from '../../runtime/model/types.js';
import type { PrintFieldInfo, PrintModelInfo } from '../../runtime/model/printTemplate.js';
import type { CompiledModel } from '../engine/compileModel.js';
import type { ModelStore } from '../engine/store/modelStore.js';
import { appError } from '../errors.js';
import type { Translate } from '../i18n/translateText.js';

// the bookkeeping stamps are no business of a printed document (the record's dates are its own fields)
const UNPRINTED = new Set(['tenantId', 'version', 'updateBy', 'updateTime']);

function fieldsOf(model: CompiledModel, lang: Lang, translate: Translate): PrintFieldInfo[] {
  return model.readable
    .filter((f) => !UNPRINTED.has(f.name))
    .map((f) => ({ field: f.name, label: translate(f.def.label ?? f.name, lang, model.model.id), type: f.def.type }));
}

/** A model as a print template sees it: its readable fields and the fields of each sub-record tab. */
export function printModelInfo(store: ModelStore, formId: string, lang: Lang): PrintModelInfo {
  const { entries } = store.current();
  const entry = entries.get(formId);
  // a report (query screen) has no records to print one of
  if (!entry || entry.compiled.model.screen?.kind === 'query') throw appError('CL_ERR_PRINT_TEMPLATE_INVALID', { detail: `formId ${formId}` });
  const translate = store.env.translate;
  const model = entry.compiled;
  return {
    formId,
    title: translate(model.model.title ?? formId, lang, model.model.id),
    fields: fieldsOf(model, lang, translate),
    tables: (model.model.tabs ?? []).flatMap((tab) => {
      const sub = entries.get(tab.model)?.compiled;
      if (!sub) return [];
      return [
        {
          model: tab.model,
          title: translate(tab.title ?? sub.model.title, lang, model.model.id),
          foreignKey: tab.foreignKey,
          fields: fieldsOf(sub, lang, translate),
        },
      ];
    }),
  };
}
