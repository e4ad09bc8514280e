import fs from 'node:fs';
import type { FastifyRequest } from 'fastify';
import dayjs from 'dayjs';
import { rowsToPrint, type PrintData, type PrintTemplate } from '../../runtime/model/printTemplate.js';
import type { ModelFile } from '../../runtime/model/types.js';
import { holdsPermission } from '../auth/holdsPermission.js';
import { getRecord } from '../engine/readRecords.js';
import type { ModelStore } from '../engine/store/modelStore.js';
import { appError } from '../errors.js';
import type { FileStore } from '../files/fileStore.js';
import { sniffFileKind } from '../files/magicBytes.js';
import { readHead } from '../files/fileStore.js';
import { authOf } from '../plugins/accessPlugin.js';
import { createModelReads } from '../system/modelReads.js';
import { printModelInfo } from './printModelInfo.js';

/** images larger than this are not inlined (a scanned stamp is tens of kB) */
const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
const TABLE_ROWS = 500;

/** The client action hook that prints a list's rows through these calls (src/modules/print/registerPrint.ts). */
export const PRINT_ACTION_HOOK = 'devPlatform.printRecord';

/**
 * The permission code printing a record of the model needs besides reading it: the one its print action
 * (the list action running PRINT_ACTION_HOOK) names, so the button and the server agree; none when it names none.
 */
export function printPermissionOf(model: ModelFile): string | undefined {
  const action = (model.list?.actions ?? []).find((a) => typeof a === 'object' && a.hook === PRINT_ACTION_HOOK);
  return typeof action === 'object' && action.permission !== undefined ? `${model.permissions.prefix}${action.permission}` : undefined;
}

/**
 * Everything one printout needs, read as the caller: the record through the bound model's list permission
 * (and its print permission, printPermissionOf), tenant and data scope (someone who may not read it cannot
 * print it), each sub-record table through its own
 * model's, and every image the template shows inline as a data: URL — only PNG and JPEG files of the caller's
 * tenant, checked by their bytes.
 */
export async function printData(
  request: FastifyRequest,
  store: ModelStore,
  files: FileStore,
  template: { fullName: string; formId: string; template: PrintTemplate },
  dataId: string,
): Promise<PrintData> {
  const auth = authOf(request);
  const { db } = store.env;
  const info = printModelInfo(store, template.formId, request.lang);
  const reads = createModelReads(store);
  const model = reads.model(template.formId);
  if (!(await holdsPermission(db, auth, model.permission('list')))) throw appError('CL_ERR_RECORD_NOT_FOUND');
  // printing is a button of its own where the model's 打印 action names a permission (员工档案: staff:member:print)
  const printCode = printPermissionOf(model.model);
  if (printCode && !(await holdsPermission(db, auth, printCode))) throw appError('CL_ERR_NO_PERMISSION');
  const record = await getRecord(store.env, model, dataId, await store.env.contextFor(request, model));
  const tables: PrintData['tables'] = {};
  for (const block of template.template.blocks) {
    if (block.kind !== 'table' || tables[block.model]) continue;
    const tab = info.tables.find((t) => t.model === block.model);
    const sub = tab ? reads.model(tab.model) : null;
    if (!tab || !sub || !(await holdsPermission(db, auth, sub.permission('list')))) {
      tables[block.model] = [];
      continue;
    }
    tables[block.model] = (await reads.list(request, tab.model, { [tab.foreignKey]: dataId, pageSize: String(TABLE_ROWS), currentPage: '1' })).rows;
  }
  // a block that filters its rows keeps its own list, under the model and its position
  template.template.blocks.forEach((block, index) => {
    if (block.kind === 'table' && block.rowsWhere)
      tables[`${block.model}#${index}`] = rowsToPrint(tables[block.model] ?? [], block.rowsWhere, dayjs().format('YYYY-MM-DD'));
  });
  const paths = new Set<string>();
  for (const block of template.template.blocks) {
    if (block.kind !== 'image') continue;
    const value = block.file ?? record[block.field ?? ''];
    // an image field may hold several files: a printout shows the first
    const first = typeof value === 'string' ? value.split(',')[0]!.trim() : '';
    if (first) paths.add(first);
  }
  const images: PrintData['images'] = {};
  for (const stored of paths) {
    const url = await inlineImage(files, stored, auth.tenantId);
    if (url) images[stored] = url;
  }
  return { template: template.template, fullName: template.fullName, info, record, tables, images };
}

async function inlineImage(files: FileStore, stored: string, tenantId: number): Promise<string | null> {
  const [bucket, name] = stored.split('/');
  const file = name ? await files.find(name) : null;
  if (!file || file.bucket !== bucket || file.tenantId !== tenantId || file.size > MAX_IMAGE_BYTES) return null;
  const blob = files.blobPathOf(file.md5);
  const kind = sniffFileKind(await readHead(blob));
  if (kind !== 'png' && kind !== 'jpg') return null;
  const bytes = await fs.promises.readFile(blob);
  return `data:image/${kind === 'png' ? 'png' : 'jpeg'};base64,${bytes.toString('base64')}`;
}
