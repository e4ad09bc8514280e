import { describe, expect, it } from 'vitest';
import type { ModelFile } from '../../../../../runtime/model/types';
import { deleteConfirmKey } from '../../../../../runtime/render/list/deleteConfirm';
import { renderResources } from '../../../../../runtime/render/i18n';

const model = (dialect: 'api' | 'jeecg', recycleBin?: boolean) =>
  ({ api: { dialect, base: '/x' }, entity: { table: 't', fields: {}, ...(recycleBin ? { recycleBin } : {}) } }) as unknown as ModelFile;

describe('the delete confirm (spec 001 §8)', () => {
  it('asks 此操作将永久删除该数据, 是否继续？ on the REST family’s lists, 确定删除吗? on the jeecg family’s and where the recycle bin keeps the record', () => {
    const question = (file: ModelFile) => {
      const [group, key] = deleteConfirmKey(file).split('.') as ['confirm', 'delete' | 'deleteForGood'];
      return renderResources['zh-CN'][group][key];
    };
    expect(question(model('api'))).toBe('此操作将永久删除该数据, 是否继续？');
    expect(question(model('jeecg'))).toBe('确定删除吗?');
    expect(question(model('api', true))).toBe('确定删除吗?');
  });
});
