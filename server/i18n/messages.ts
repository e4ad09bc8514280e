import type { Lang } from '../../runtime/model/types.js';
import { toTraditional } from './toTraditional.js';

/** Success messages of the generic endpoints (spec 001 §8: 添加成功, 编辑成功, 删除成功); zh-TW is converted. */
const MESSAGES = {
  added: { 'zh-CN': '添加成功！', en: 'Added successfully!' },
  edited: { 'zh-CN': '编辑成功！', en: 'Edited successfully!' },
  deleted: { 'zh-CN': '删除成功！', en: 'Deleted successfully!' },
  batchDeleted: { 'zh-CN': '批量删除成功！', en: 'Deleted the selected records successfully!' },
  done: { 'zh-CN': '操作成功！', en: 'Operation succeeded!' },
} satisfies Record<string, { 'zh-CN': string; en: string }>;

export type MessageKey = keyof typeof MESSAGES;

export function successMessage(key: MessageKey, lang: Lang): string {
  const entry = MESSAGES[key];
  if (lang === 'en') return entry.en;
  return lang === 'zh-TW' ? toTraditional(entry['zh-CN']) : entry['zh-CN'];
}
