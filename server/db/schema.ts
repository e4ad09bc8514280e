import type { Generated } from 'kysely';

/**
 * The tables hand-written code queries (sign-in, sessions, menus, module sync), as TypeScript sees
 * them (camelCase; the CamelCasePlugin maps to snake_case columns). Apart from sessions and the
 * security log they are model tables (schemas/system/models, extended by schemas/staff): these
 * interfaces list the same columns, and tests/server/coreSchemaTypes.test.ts fails when they drift.
 * Other model tables are not listed: the engine reaches them through identifiers a model declares.
 *
 * Conventions: ids are strings (uuid v7, time-ordered) except tenants (integers, "0" = none);
 * instants the server reasons about (sessions, lockout) are epoch milliseconds; record stamps shown to
 * users (createTime, updateTime) are 'YYYY-MM-DD HH:mm:ss' text like every model table's.
 */

export interface TenantTable {
  id: number;
  name: string;
  status: number;
  createBy: string | null;
  createTime: string;
  updateBy: string | null;
  updateTime: string | null;
  version: Generated<number>;
}

export interface UserTable {
  id: string;
  username: string;
  realname: string;
  /** scrypt hash, see server/auth/passwords.ts */
  password: string;
  salt: string;
  /** 1 normal, 2 frozen */
  status: number;
  delFlag: number;
  /** currently selected department (its orgCode) */
  orgCode: string | null;
  mustChangePassword: number;
  passwordChangedAt: number | null;
  /** 直属主管 (system.user): getSubordinates reads it */
  managerId: string | null;
  createBy: string | null;
  createTime: string;
  updateBy: string | null;
  updateTime: string | null;
  version: Generated<number>;
}

/** Columns the staff module adds to sys_user (schemas/staff/models/user.model.json extends system.user; spec 001 §3). */
export interface StaffUserColumns {
  /** departments and positions comma-joined, as the staff form sends them (also written to the link tables) */
  departIds: string | null;
  post: string | null;
  workNo: string | null;
  sex: number | null;
  idcard: string | null;
  nation: string | null;
  idcardExpirationDate: string | null;
  nativePlace: string | null;
  idcardImgFront: string | null;
  idcardImgBack: string | null;
  phone: string | null;
  birthday: string | null;
  email: string | null;
  virtualNumber: string | null;
  alternateNumber: string | null;
  homeAddress: string | null;
  currentAddress: string | null;
  emergencyContact: string | null;
  emergencyContactRelationship: string | null;
  emergencyContactPhone: string | null;
  avatar: string | null;
  signatureImg: string | null;
  university: string | null;
  highestEducation: string | null;
  major: string | null;
  academicCertificateImg: string | null;
  diplomaImg: string | null;
  educationExperience: string | null;
  workExperience: string | null;
  hiredate: string | null;
  highestTitle: string | null;
  titleProfession: string | null;
  evaluationDate: string | null;
  certificateName: string | null;
  certificateNo: string | null;
  certificateValidity: string | null;
  startDate: string | null;
  labourContract: string | null;
  socialInsurance: string | null;
  fileUrl: string | null;
  fileUpdateDate: string | null;
  safetyUndertakings: string | null;
}

export interface UserTenantTable {
  id: string;
  userId: string;
  tenantId: number;
  createBy: string | null;
  createTime: string;
  updateBy: string | null;
  updateTime: string | null;
  version: Generated<number>;
}

export interface RoleTable {
  id: string;
  roleName: string;
  roleCode: string;
  description: string | null;
  status: number;
  /** 所属组织 (system.organize) */
  organizeId: string | null;
  /** roles are tenant-scoped (migration 0010) */
  tenantId: number;
  createBy: string | null;
  createTime: string;
  updateBy: string | null;
  updateTime: string | null;
  version: Generated<number>;
}

export interface UserRoleTable {
  id: string;
  userId: string;
  roleId: string;
  createBy: string | null;
  createTime: string;
  updateBy: string | null;
  updateTime: string | null;
  version: Generated<number>;
}

/** Menus (menuType 0 top-level, 1 sub-menu) and buttons (menuType 2), as in JeecgBoot's sys_permission. */
export interface PermissionTable {
  id: string;
  parentId: string | null;
  name: string;
  url: string | null;
  component: string | null;
  componentName: string | null;
  redirect: string | null;
  menuType: number;
  perms: string | null;
  /** '1' shown when granted, '2' disabled (not hidden) when not granted */
  permsType: string;
  sortNo: number;
  alwaysShow: number;
  icon: string | null;
  isRoute: number;
  isLeaf: number;
  keepAlive: number;
  hidden: number;
  internalOrExternal: number;
  /** '1' enabled, '0' disabled */
  status: string;
  delFlag: number;
  /** module that owns the row ('' or null for rows created in the UI) and the hash of its last synced definition */
  moduleId: string | null;
  defHash: string | null;
  createBy: string | null;
  createTime: string;
  updateBy: string | null;
  updateTime: string | null;
  version: Generated<number>;
}

export interface RolePermissionTable {
  id: string;
  roleId: string;
  permissionId: string;
  createBy: string | null;
  createTime: string;
  updateBy: string | null;
  updateTime: string | null;
  version: Generated<number>;
}

export interface DepartTable {
  id: string;
  parentId: string | null;
  departName: string;
  orgCode: string;
  /** '1' company, '2' department */
  orgCategory: string;
  departOrder: number;
  description: string | null;
  status: number;
  tenantId: number;
  /** 所属组织 (system.organize) */
  organizeId: string | null;
  createBy: string | null;
  createTime: string;
  updateBy: string | null;
  updateTime: string | null;
  version: Generated<number>;
}

export interface UserDepartTable {
  id: string;
  userId: string;
  depId: string;
  createBy: string | null;
  createTime: string;
  updateBy: string | null;
  updateTime: string | null;
  version: Generated<number>;
}

export interface UserPositionTable {
  id: string;
  userId: string;
  positionId: string;
  createBy: string | null;
  createTime: string;
  updateBy: string | null;
  updateTime: string | null;
  version: Generated<number>;
}

export interface DictTable {
  id: string;
  dictName: string;
  dictCode: string;
  description: string | null;
  /** the type's parent in the dictionary-type tree ('0': top level) */
  parentId: string | null;
  /** 1: the items form a tree (by their parentId) */
  isTree: number | null;
  sortCode: number | null;
  delFlag: number;
  moduleId: string | null;
  defHash: string | null;
  createBy: string | null;
  createTime: string;
  updateBy: string | null;
  updateTime: string | null;
  version: Generated<number>;
}

export interface DictItemTable {
  id: string;
  dictId: string;
  itemText: string;
  itemValue: string;
  /** the English text; empty: the zh-CN text through the module locales */
  itemTextEn: string | null;
  /** the parent item of a tree dictionary ('0': top level) */
  parentId: string | null;
  description: string | null;
  sortOrder: number;
  /** 1 enabled, 0 disabled */
  status: number;
  color: string | null;
  createBy: string | null;
  createTime: string;
  updateBy: string | null;
  updateTime: string | null;
  version: Generated<number>;
}

export interface SessionTable {
  /** sha256 of the token, hex; the token itself is never stored */
  id: string;
  userId: string;
  createdAt: number;
  lastSeenAt: number;
  expiresAt: number;
  revokedAt: number | null;
  revokeReason: string | null;
  ip: string | null;
  userAgent: string | null;
}

/** Failed sign-ins per account name as typed (server/auth/loginAttempts.ts); not a model. */
export interface LoginAttemptTable {
  /** a namespaced, lower-cased account name: `login:<username>` or `password:<userId>` */
  account: string;
  failCount: number;
  lockedUntil: number | null;
  lastFailureAt: number;
}

export interface SecurityLogTable {
  id: string;
  time: number;
  event: string;
  userId: string | null;
  username: string | null;
  ip: string | null;
  requestId: string | null;
  detail: string | null;
  /** how many events the row stands for (anonymous rejections are aggregated per address, kind and minute) */
  occurrences: Generated<number>;
  /** the time of the last of them (null: a single event) */
  lastTime: number | null;
}

/** A model released at run time (server/engine/store/). */
export interface ModelTable {
  /** the model id, e.g. 'lab.sample' */
  id: string;
  module: string;
  /** the released model file, as JSON text */
  json: string;
  /** 1 for the first release of this id, +1 per release */
  version: number;
  /** sha256 (hex) of json */
  checksum: string;
  releasedBy: string | null;
  releasedAt: string;
}

/** A user's list column preferences for one model in one tenant (server/api/columnSettings.ts); not a model. */
export interface ColumnSettingTable {
  id: string;
  userId: string;
  tenantId: number;
  /** the model id, e.g. 'system.position' */
  moduleId: string;
  /** JSON text: [{prop, label, visible}] in display order */
  fieldList: string;
  updateTime: string;
}

/** One saved draft of a designed model (server/visualdev/designVersions.ts); not a model. */
export interface VisualdevVersionTable {
  id: string;
  /** the visualdev.design row */
  designId: string;
  /** 1, 2, … per design */
  version: number;
  /** the model file as saved, JSON text */
  modelJson: string;
  createBy: string | null;
  createTime: string;
}

/** A column a confirmed destructive release dropped or retyped, and the table holding its old values. */
export interface VisualdevBackupTable {
  id: string;
  modelId: string;
  tableName: string;
  columnName: string;
  backupTable: string;
  rowCount: number;
  /** 'dropped' | 'retyped' */
  reason: string;
  createBy: string | null;
  createTime: string;
}

export interface Database {
  sysTenant: TenantTable;
  sysUser: UserTable & StaffUserColumns;
  sysUserTenant: UserTenantTable;
  sysRole: RoleTable;
  sysUserRole: UserRoleTable;
  sysPermission: PermissionTable;
  sysRolePermission: RolePermissionTable;
  sysDepart: DepartTable;
  sysUserDepart: UserDepartTable;
  sysUserPosition: UserPositionTable;
  sysDict: DictTable;
  sysDictItem: DictItemTable;
  sysSession: SessionTable;
  sysSecurityLog: SecurityLogTable;
  sysLoginAttempt: LoginAttemptTable;
  sysModel: ModelTable;
  sysColumnSetting: ColumnSettingTable;
  sysVisualdevVersion: VisualdevVersionTable;
  sysVisualdevBackup: VisualdevBackupTable;
}
