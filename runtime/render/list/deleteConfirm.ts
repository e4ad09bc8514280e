import type { ModelFile } from '../../model/types';

/**
 * The question a row's 删除 asks (spec 001 §8 quotes two): the REST family's lists (api dialect:
 * /api/permission/…, /api/system/…, designed screens) ask 此操作将永久删除该数据, 是否继续？, as their delete is for
 * good; the jeecg family's (the staff record's tabs, /sys/…) ask 确定删除吗?, and so does a model whose deleted
 * records the recycle bin keeps, as nothing is then deleted for good.
 */
export function deleteConfirmKey(model: Pick<ModelFile, 'api' | 'entity'>): 'confirm.delete' | 'confirm.deleteForGood' {
  return model.api.dialect === 'api' && !model.entity.recycleBin ? 'confirm.deleteForGood' : 'confirm.delete';
}
