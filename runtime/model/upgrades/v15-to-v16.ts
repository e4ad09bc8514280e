import type { ModelUpgrade, RawModel } from './ModelUpgrade';

/**
 * Version 15 → 16. Version 16 adds fields that hold server messages (`serverMessage`): a value written as a
 * server message's zh-CN text (系统日志's 用户名: admin,登录成功！) is answered in the reader's language. A
 * version 15 field answers its value as stored. Every version 15 file is a valid version 16 file.
 */
export const v15ToV16: ModelUpgrade = {
  from: 15,
  summary: 'a field may hold server messages answered in the reader’s language (serverMessage); nothing else changes',
  upgrade(model: RawModel): RawModel {
    return { ...model, version: 16 };
  },
};
