/**
 * The model whose dialog the header's 个人信息 opens on the signed-in user's own record, in personal
 * mode (schemas/staff/models/member.model.json: api.self says which fields the user may change).
 */
export const PERSONAL_INFO_MODEL = 'staff.member';
