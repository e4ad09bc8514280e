import type { Lang } from '../../runtime/model/types.js';
import { toTraditional } from './toTraditional.js';

/** Success messages of the generic endpoints (spec 001 §8: 添加成功, 编辑成功, 删除成功); zh-TW is converted. */
const MESSAGES = {
  added: { 'zh-CN': '添加成功', en: 'Added successfully' },
  edited: { 'zh-CN': '编辑成功', en: 'Edited successfully' },
  deleted: { 'zh-CN': '删除成功', en: 'Deleted successfully' },
  batchDeleted: { 'zh-CN': '批量删除成功！', en: 'Deleted the selected records successfully!' },
  done: { 'zh-CN': '操作成功！', en: 'Operation succeeded!' },
  signedIn: { 'zh-CN': '登录成功', en: 'Signed in successfully' },
  signedOut: { 'zh-CN': '退出登录成功！', en: 'Signed out successfully!' },
  passwordChanged: { 'zh-CN': '修改密码成功！', en: 'Password changed successfully!' },
  valueFree: { 'zh-CN': '该值可用！', en: 'This value is available!' },
  loginLogged: { 'zh-CN': '用户名: {username},登录成功！', en: 'User {username} signed in' },
  logoutLogged: { 'zh-CN': '用户名: {username},退出成功！', en: 'User {username} signed out' },
  // 系统日志's operation lines (Jeecg's 定时任务-添加): a model's title and what was done, both catalogue texts
  operationLogged: { 'zh-CN': '{module}-{operation}', en: '{module} - {operation}' },
  rowsPruned: { 'zh-CN': '已删除{count}条{days}天前的记录', en: 'Deleted {count} rows older than {days} days' },
  copySuffix: { 'zh-CN': '副本', en: 'copy' },
  // words of exported workbooks: a report's totals row, the assessor workbook's name and its staff column
  totalRow: { 'zh-CN': '合计', en: 'Total' },
  assessorWorkbook: { 'zh-CN': '人员技术档案', en: 'Staff technical records' },
  staffMember: { 'zh-CN': '员工', en: 'Staff member' },
} satisfies Record<string, { 'zh-CN': string; en: string }>;

export type MessageKey = keyof typeof MESSAGES;

export function successMessage(key: MessageKey, lang: Lang, params: Record<string, string | number> = {}): string {
  const entry = MESSAGES[key];
  const template = lang === 'en' ? entry.en : entry['zh-CN'];
  const text = template.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? ''));
  return lang === 'zh-TW' ? toTraditional(text) : text;
}

/**
 * The messages the server writes into stored text (系统日志's lines), read back by serverMessageIn; `texts` names
 * the parameters that are zh-CN texts of the catalogue (a model's title, a button's name), read in the reader's
 * language too. The first template that matches wins: the operation line's matches nearly any text with a dash.
 */
const STORED_MESSAGES: readonly { key: MessageKey; texts?: readonly string[] }[] = [
  { key: 'loginLogged' },
  { key: 'logoutLogged' },
  { key: 'operationLogged', texts: ['module', 'operation'] },
];

const storedPatterns = STORED_MESSAGES.map(({ key, texts = [] }) => {
  const names: string[] = [];
  const source = MESSAGES[key]['zh-CN'].replace(/\{(\w+)\}|[.*+?^${}()|[\]\\]/g, (part: string, name?: string) => {
    if (!name) return `\\${part}`;
    names.push(name);
    return '(.+)';
  });
  return { key, names, texts, pattern: new RegExp(`^${source}$`, 's') };
});

/** zh-CN text -> the text in a language (the server's Translate for one language): a stored message's texts. */
export type TextIn = (zhText: string) => string;

/**
 * A stored text that is one of the server's stored messages written in zh-CN (用户名: admin,登录成功！, 单据规则-新增),
 * in the reader's language (User admin signed in, Bill number rules - Add); any other text as it is. The store
 * keeps the zh-CN text (searchable, and what rows written before read as), the reader gets their own language.
 * A message whose texts `textIn` does not know (a route, POST /sys/x-y) is answered as stored.
 *
 * @example
 * serverMessageIn('用户名: admin,登录成功！', 'en'); // → 'User admin signed in'
 */
export function serverMessageIn(text: string, lang: Lang, textIn: TextIn = (zh) => zh): string {
  if (lang === 'zh-CN') return text;
  for (const { key, names, texts, pattern } of storedPatterns) {
    const match = pattern.exec(text);
    if (!match) continue;
    const params = Object.fromEntries(names.map((name, i) => [name, match[i + 1]!]));
    if (texts.length === 0) return successMessage(key, lang, params);
    if (texts.every((name) => textIn(params[name]!) === params[name])) return text;
    for (const name of texts) params[name] = textIn(params[name]!);
    const template = lang === 'en' ? MESSAGES[key].en : MESSAGES[key]['zh-CN'];
    return template.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? '');
  }
  return text;
}

/**
 * The names of the button permissions every model gets (server/engine/moduleRows.ts). Rows store the
 * zh-CN name like every module text; the translator knows these pairs, so menus and grant screens
 * show them in the reader's language.
 */
export const BUTTON_NAMES = {
  list: { 'zh-CN': '查询', en: 'Query' },
  add: { 'zh-CN': '新增', en: 'Add' },
  edit: { 'zh-CN': '编辑', en: 'Edit' },
  delete: { 'zh-CN': '删除', en: 'Delete' },
  state: { 'zh-CN': '启用/禁用', en: 'Enable/disable' },
  import: { 'zh-CN': '导入', en: 'Import' },
  export: { 'zh-CN': '导出', en: 'Export' },
} satisfies Record<string, { 'zh-CN': string; en: string }>;

/**
 * The certificate-expiry system message (server/staff/certificateExpiry.ts). It is stored once, in
 * zh-CN like every seeded text; the en texts are for a tenant that writes its records in English.
 */
const EXPIRY_TEXTS = {
  title: { 'zh-CN': '证书即将到期：{holder}的{certificate}', en: 'Certificate expiring: {certificate} of {holder}' },
  content: {
    'zh-CN': '{holder}的{certificate}将于 {date} 到期，请及时办理复审或换证。',
    en: 'The {certificate} of {holder} expires on {date}; please arrange its renewal in time.',
  },
} satisfies Record<string, { 'zh-CN': string; en: string }>;

export function expiryText(key: keyof typeof EXPIRY_TEXTS, lang: Lang, params: Record<string, string>): string {
  const entry = EXPIRY_TEXTS[key];
  const template = lang === 'en' ? entry.en : lang === 'zh-TW' ? toTraditional(entry['zh-CN']) : entry['zh-CN'];
  return template.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? '');
}

/**
 * The system fields every model has, in the renderer's words (runtime/render/i18n, which the server may
 * not import): no module lists them, so a served model, an export header or a message would show their
 * zh label in English. tests/server/translatePerModule.test.ts holds the two in step.
 */
export const SYSTEM_FIELD_NAMES: Record<string, { 'zh-CN': string; en: string; 'zh-TW': string }> = {
  id: { 'zh-CN': '主键', en: 'ID', 'zh-TW': '主鍵' },
  tenantId: { 'zh-CN': '租户', en: 'Tenant', 'zh-TW': '租戶' },
  createBy: { 'zh-CN': '创建人', en: 'Created by', 'zh-TW': '建立人' },
  createTime: { 'zh-CN': '创建时间', en: 'Created at', 'zh-TW': '建立時間' },
  updateBy: { 'zh-CN': '更新人', en: 'Updated by', 'zh-TW': '更新人' },
  updateTime: { 'zh-CN': '更新时间', en: 'Updated at', 'zh-TW': '更新時間' },
  version: { 'zh-CN': '版本', en: 'Version', 'zh-TW': '版本' },
};
