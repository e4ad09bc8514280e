import { checkPrintTemplate } from '../../runtime/model/printTemplate.js';
import { newId } from '../db/ids.js';
import { nowText } from '../db/timestamps.js';
import type { HookRegistry } from '../engine/hookRegistry.js';
import type { ModelStore } from '../engine/store/modelStore.js';
import { appError } from '../errors.js';
import { wholeRecord } from '../system/wholeRecord.js';
import { successMessage } from '../i18n/messages.js';
import { printModelInfo } from './printModelInfo.js';

const MAX_CODE = 50;

/**
 * devPlatform.checkPrintTemplate (beforeSave): the template prints the model it is bound to, so each
 * field, tab and image it names must exist there (runtime/model/printTemplate.ts checkPrintTemplate).
 * devPlatform.copyPrintTemplate (operation Copy): a disabled copy with a new code, in the caller's tenant.
 */
export function registerPrintHooks(hooks: HookRegistry, store: () => ModelStore | null): void {
  hooks.register('devPlatform.checkPrintTemplate', async (ctx) => {
    const { values, mode, context } = ctx;
    const record = await wholeRecord(ctx);
    const models = store();
    if (!models) throw new Error('the model store is not open yet');
    const info = printModelInfo(models, String(record.formId ?? ''), context.lang);
    const template =
      typeof record.template === 'string'
        ? (JSON.parse(record.template) as unknown)
        : (record.template ?? { page: { size: 'A4', orientation: 'portrait', margin: 40 }, blocks: [] });
    const problems = checkPrintTemplate(template, info);
    if (problems.length > 0) throw appError('CL_ERR_PRINT_TEMPLATE_INVALID', { detail: problems.map((p) => `${p.path}: ${p.message}`).join('; ') });
    if (values.template === undefined && mode === 'create') values.template = template;
  });

  hooks.registerOperation('devPlatform.copyPrintTemplate', async ({ record, db, context, model }) => {
    const source = record!;
    const suffix = Date.now().toString(36);
    const copy = {
      id: newId(),
      tenantId: context.tenantId,
      fullName: `${String(source.fullName)} ${successMessage('copySuffix', context.lang)}`.slice(0, 50),
      enCode: `${String(source.enCode).slice(0, MAX_CODE - suffix.length - 1)}.${suffix}`,
      type: source.type ?? null,
      formId: source.formId,
      template: JSON.stringify(source.template ?? null),
      enabledMark: 0,
      sortCode: source.sortCode ?? 0,
      description: source.description ?? null,
      createBy: context.auth.username,
      createTime: nowText(),
      version: 1,
    };
    await db
      .insertInto(model.entity!.table as never)
      .values(copy as never)
      .execute();
    return { id: copy.id, fullName: copy.fullName, enCode: copy.enCode };
  });
}
