import type { ModelFile } from '../../../../../runtime/model/types';

const ACTIONS: ModelFile['list'] = { columns: [], actions: ['add', 'edit', 'detail', 'delete'] };

/** A parent with two sub-record tabs (the staff record's shape, spec 001 §2). */
export const staffModel: ModelFile = {
  version: 17,
  id: 'test.staff',
  title: '员工',
  entity: { table: 'test_staff', fields: { realname: { type: 'string', label: '姓名', required: true, maxLength: 20 } } },
  api: { dialect: 'jeecg', base: '/admin/user' },
  list: { ...ACTIONS, columns: ['realname'] },
  form: { width: 1100, fields: ['realname'] },
  tabs: [
    { model: 'test.education', foreignKey: 'userId' },
    { model: 'test.thesis', foreignKey: 'userId', title: '论文', readOnly: true },
  ],
  permissions: { prefix: 'test:staff:' },
};

export const educationModel: ModelFile = {
  version: 17,
  id: 'test.education',
  title: '教育经历',
  entity: {
    table: 'test_education',
    fields: { userId: { type: 'string', label: '员工' }, school: { type: 'string', label: '学校' } },
  },
  api: { dialect: 'jeecg', base: '/system/sysUserEducation' },
  list: { ...ACTIONS, columns: ['school'] },
  form: { fields: ['school'] },
  permissions: { prefix: 'test:education:' },
};

export const thesisModel: ModelFile = {
  version: 17,
  id: 'test.thesis',
  title: '论文专利',
  entity: {
    table: 'test_thesis',
    fields: { userId: { type: 'string', label: '员工' }, thesisName: { type: 'string', label: '论文名称' } },
  },
  api: { dialect: 'jeecg', base: '/system/sysUserThesis' },
  list: { ...ACTIONS, columns: ['thesisName'] },
  form: { fields: ['thesisName'] },
  permissions: { prefix: 'test:thesis:' },
};
