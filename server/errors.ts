import type { Lang } from '../runtime/model/types.js';
import { toTraditional } from './i18n/toTraditional.js';

/**
 * How an error travels:
 * - auth:        HTTP 401; jeecg code 401; api code 600/601/602
 * - noPermission HTTP 200 jeecg code 510 (the contract); HTTP 403 api code 403
 * - forbidden:   HTTP 403; code 403 in both
 * - validation:  HTTP 200; jeecg code 500; api code 401 (JNPF's "validation failure")
 * - business:    HTTP 200; jeecg code 500; api code 400
 * - badRequest:  HTTP 400; code 400 in both (malformed or refused input: unknown field, rule, sort…)
 * - notFound:    HTTP 404; code 404
 * - tooMany:     HTTP 429; code 429
 * - unavailable: HTTP 503; code 503
 * - internal:    HTTP 500; code 500
 */
export type ErrorKind = 'auth' | 'noPermission' | 'forbidden' | 'validation' | 'business' | 'badRequest' | 'notFound' | 'tooMany' | 'unavailable' | 'internal';

interface CatalogueEntry {
  kind: ErrorKind;
  /** REST family body code where it differs from the kind's default */
  apiCode?: number;
  'zh-CN': string;
  en: string;
}

const CATALOGUE = {
  CL_ERR_AUTH_TOKEN_INVALID: { kind: 'auth', apiCode: 602, 'zh-CN': 'Token失效，请重新登录!', en: 'Token is invalid, please sign in again!' },
  CL_ERR_AUTH_TOKEN_EXPIRED: {
    kind: 'auth',
    apiCode: 600,
    'zh-CN': 'Token失效，登录已过期，请重新登录!',
    en: 'Your sign-in has expired, please sign in again!',
  },
  CL_ERR_AUTH_SIGNED_OUT: {
    kind: 'auth',
    apiCode: 601,
    'zh-CN': 'Token失效，您已被强制下线或在其他地方登录，请重新登录!',
    en: 'You were signed out (forced offline or signed in elsewhere), please sign in again!',
  },
  CL_ERR_AUTH_BAD_CREDENTIALS: { kind: 'business', 'zh-CN': '用户名或密码错误', en: 'Wrong username or password' },
  CL_ERR_AUTH_FROZEN: { kind: 'business', 'zh-CN': '该用户已冻结', en: 'This user is frozen' },
  CL_ERR_AUTH_LOCKED: {
    kind: 'business',
    'zh-CN': '该用户登录失败次数过多，请于{minutes}分钟后再次登录！',
    en: 'Too many failed sign-ins for this user, try again in {minutes} minutes!',
  },
  CL_ERR_AUTH_RATE_LIMITED: { kind: 'tooMany', 'zh-CN': '请求过于频繁，请稍后再试', en: 'Too many requests, please try again later' },
  CL_ERR_AUTH_PASSWORD_CHANGE_REQUIRED: { kind: 'forbidden', 'zh-CN': '首次登录请先修改初始密码', en: 'Please change the initial password first' },
  CL_ERR_NO_PERMISSION: { kind: 'noPermission', 'zh-CN': '没有权限，请联系管理员授权', en: 'No permission, please ask an administrator' },
  CL_ERR_TENANT_FORBIDDEN: { kind: 'forbidden', 'zh-CN': '无权访问该租户的数据', en: 'You do not belong to this tenant' },
  CL_ERR_TENANT_DISABLED: { kind: 'forbidden', 'zh-CN': '该租户已停用，请联系管理员', en: 'This tenant is disabled, please contact an administrator' },
  CL_ERR_TENANT_ACTING: {
    kind: 'business',
    'zh-CN': '不能停用或删除当前所在的租户',
    en: 'You cannot disable or delete the tenant you are working in',
  },
  CL_ERR_SELF_ONLY: { kind: 'forbidden', 'zh-CN': '只能操作当前登录用户自己的数据', en: 'You can only act on your own account' },
  CL_ERR_ACCOUNT_SHARED: {
    kind: 'noPermission',
    'zh-CN': '该用户也属于其他租户，您在那里没有此权限，不能修改该账号',
    en: 'This account also belongs to other tenants where you do not hold this permission, so you cannot change it',
  },
  CL_ERR_ACCOUNT_ABOVE_CALLER: {
    kind: 'noPermission',
    'zh-CN': '该用户拥有您没有的权限，不能修改该账号',
    en: 'This account holds permissions you do not hold, so you cannot change it',
  },
  CL_ERR_RESTRICTION_NOT_LIFTABLE: {
    kind: 'noPermission',
    'zh-CN': '该限制也约束着您自己，您不能解除它',
    en: 'This restriction applies to you as well, so you cannot lift it',
  },
  CL_ERR_ROLE_NOT_GRANTABLE: {
    kind: 'noPermission',
    'zh-CN': '该角色含有您自己没有的权限，不能授予',
    en: 'This role grants permissions you do not hold, so you cannot give it',
  },
  CL_ERR_ROLE_NOT_ENABLEABLE: {
    kind: 'noPermission',
    'zh-CN': '该角色含有您自己没有的权限，不能启用',
    en: 'This role grants permissions you do not hold, so you cannot enable it',
  },
  CL_ERR_MENU_RIGHT_NOT_HELD: {
    kind: 'noPermission',
    'zh-CN': '该授权标识是您自己没有的权限，不能设置或修改',
    en: 'This permission code is one you do not hold, so you cannot set or change it',
  },
  CL_ERR_PERMISSION_NOT_GRANTABLE: { kind: 'business', 'zh-CN': '不能授予您自己没有的权限：{id}', en: 'You cannot grant a permission you do not hold: {id}' },
  CL_ERR_FORCE_OFFLINE_SELF: { kind: 'business', 'zh-CN': '不能强制自己下线', en: 'You cannot force yourself offline' },
  CL_ERR_DEPART_NOT_MINE: { kind: 'business', 'zh-CN': '您不属于该部门', en: 'You do not belong to this department' },
  CL_ERR_PASSWORD_CHANGE_LOCKED: {
    kind: 'business',
    'zh-CN': '旧密码错误次数过多，请于{minutes}分钟后再试！',
    en: 'Too many wrong old passwords, try again in {minutes} minutes!',
  },
  CL_ERR_PASSWORD_OLD_WRONG: { kind: 'business', 'zh-CN': '旧密码输入错误', en: 'The old password is wrong' },
  CL_ERR_PASSWORD_MISMATCH: { kind: 'validation', 'zh-CN': '两次输入的密码不一样！', en: 'The two passwords differ!' },
  CL_ERR_PASSWORD_WEAK: {
    kind: 'validation',
    'zh-CN': '密码由{min}-16位字母和数字组成，且不能过于常见',
    en: 'The password must be {min}-16 letters and digits and not a common one',
  },
  CL_ERR_PASSWORD_SAME: { kind: 'validation', 'zh-CN': '新密码不能与旧密码相同', en: 'The new password must differ from the old one' },
  CL_ERR_VALIDATION: { kind: 'validation', 'zh-CN': '{detail}', en: '{detail}' },
  CL_ERR_CERTIFICATE_DATES: { kind: 'validation', 'zh-CN': '获证日期不能晚于有效期', en: 'The issue date cannot be later than the expiry date' },
  CL_ERR_PROFESSION_TYPE: { kind: 'validation', 'zh-CN': '所选专业不属于该证书类型', en: 'A chosen profession does not belong to this certificate type' },
  CL_ERR_STAFF_DEPART_UNKNOWN: { kind: 'validation', 'zh-CN': '所选部门不存在', en: 'A chosen department does not exist' },
  CL_ERR_ID_PHOTO_SIZE: {
    kind: 'validation',
    'zh-CN': '上传图片比例400×594,当前文件{w}×{h}',
    en: 'The ID photo must be at most 400×594; this file is {w}×{h}',
  },
  CL_ERR_STAFF_POST_UNKNOWN: { kind: 'validation', 'zh-CN': '所选岗位不存在', en: 'A chosen position does not exist' },
  CL_ERR_BAD_REQUEST: { kind: 'badRequest', 'zh-CN': '请求参数错误：{detail}', en: 'Bad request: {detail}' },
  CL_ERR_FIELD_UNKNOWN: { kind: 'badRequest', 'zh-CN': '未知字段：{field}', en: 'Unknown field: {field}' },
  CL_ERR_FIELD_READONLY: { kind: 'badRequest', 'zh-CN': '字段不可写：{field}', en: 'Field is not writable: {field}' },
  CL_ERR_SORT_UNKNOWN: { kind: 'badRequest', 'zh-CN': '不支持的排序字段：{field}', en: 'Unsupported sort field: {field}' },
  CL_ERR_QUERY_PARAM_UNKNOWN: { kind: 'badRequest', 'zh-CN': '未知的查询参数：{name}', en: 'Unknown query parameter: {name}' },
  CL_ERR_QUERY_RULE_UNKNOWN: { kind: 'badRequest', 'zh-CN': '不支持的查询规则：{rule}', en: 'Unsupported query rule: {rule}' },
  CL_ERR_QUERY_INVALID: { kind: 'badRequest', 'zh-CN': '查询条件格式错误：{detail}', en: 'Invalid query: {detail}' },
  CL_ERR_DICT_TABLE_UNKNOWN: { kind: 'badRequest', 'zh-CN': '不支持的字典表：{table}', en: 'Unsupported dictionary table: {table}' },
  CL_ERR_MODEL_INVALID: { kind: 'validation', 'zh-CN': '模型文件有误：{detail}', en: 'The model file is invalid: {detail}' },
  CL_ERR_MODEL_UNKNOWN: { kind: 'notFound', 'zh-CN': '模型不存在：{id}', en: 'No such model: {id}' },
  CL_ERR_DESIGN_MODEL_ID: {
    kind: 'validation',
    'zh-CN': '模型编号须为 online.<名称>（字母开头，字母和数字），且与模型 JSON 的 id 一致',
    en: "The model id must be online.<name> (a letter, then letters and digits) and equal the model JSON's id",
  },
  CL_ERR_DESIGN_NOT_OBJECT: { kind: 'validation', 'zh-CN': '模型 JSON 必须是一个对象', en: 'The model JSON must be an object' },
  CL_ERR_DESIGN_CODE_RELEASED: {
    kind: 'business',
    'zh-CN': '已发布的功能不能修改模型编号',
    en: 'The model id of a released design cannot change',
  },
  CL_ERR_DESIGN_TABLE: {
    kind: 'validation',
    'zh-CN': '设计的模型不能使用系统表：{table}',
    en: 'A designed model cannot use a system table: {table}',
  },
  CL_ERR_DESIGN_VERSION_UNKNOWN: { kind: 'notFound', 'zh-CN': '没有该版本：{version}', en: 'No such version: {version}' },
  CL_ERR_MODULE_FILE: { kind: 'business', 'zh-CN': '请选择模块的 zip 文件', en: 'Please choose a module .zip file' },
  CL_ERR_MODULE_FILE_UNSAFE: {
    kind: 'business',
    'zh-CN': '模块文件过大或文件过多，已拒绝',
    en: 'The module file is too large or holds too many files; refused',
  },
  CL_ERR_MODULE_FILE_BROKEN: { kind: 'business', 'zh-CN': '模块文件已损坏，无法读取', en: 'The module file is damaged and cannot be read' },
  CL_ERR_MODULE_INVALID: { kind: 'validation', 'zh-CN': '模块文件有误：{detail}', en: 'The module is invalid: {detail}' },
  CL_ERR_RELEASE_DESTRUCTIVE: {
    kind: 'business',
    'zh-CN': '发布会删除或改变已有数据的字段：{detail}。确认后再发布，这些列会先备份',
    en: 'This release drops or retypes fields that hold data: {detail}. Confirm to release; the columns are backed up first',
  },
  CL_ERR_RECORD_NOT_FOUND: { kind: 'business', 'zh-CN': '未找到对应数据', en: 'Record not found' },
  CL_ERR_RECORD_STALE: { kind: 'business', 'zh-CN': '数据已被他人修改，请刷新后重试', en: 'Someone else changed this record, please reload and try again' },
  CL_ERR_RECORD_DUPLICATE: { kind: 'validation', 'zh-CN': '{detail}', en: '{detail}' },
  CL_ERR_DATA_RULE_MODEL_UNKNOWN: { kind: 'validation', 'zh-CN': '数据规则的模型不存在：{model}', en: 'The data rule names no known model: {model}' },
  CL_ERR_ROLE_FIELD_UNKNOWN: { kind: 'validation', 'zh-CN': '模型 {model} 没有字段：{field}', en: 'Model {model} has no field named {field}' },
  CL_ERR_DATA_RULE_FIELD_UNKNOWN: {
    kind: 'validation',
    'zh-CN': '模型 {model} 没有可用于数据规则的字段：{field}',
    en: 'Model {model} has no field a data rule can use named {field}',
  },
  CL_ERR_DATA_RULE_NO_DEPARTMENT: {
    kind: 'validation',
    'zh-CN': '模型 {model} 没有声明部门字段，不能使用部门数据规则',
    en: 'Model {model} declares no department field, so department rules cannot apply to it',
  },
  CL_ERR_DATA_RULE_INCOMPLETE: {
    kind: 'validation',
    'zh-CN': '字段条件规则需要字段、条件，以及取值来源或固定值（二选一）',
    en: 'A field rule needs a field, an operator, and either a value source or a fixed value (not both)',
  },
  CL_ERR_DATA_RULE_VALUE_INVALID: {
    kind: 'validation',
    'zh-CN': '取值与字段 {field} 的类型或条件不符',
    en: 'The value does not suit the type of field {field} or the operator',
  },
  CL_ERR_DATA_RULE_GRANT_INVALID: {
    kind: 'validation',
    'zh-CN': '角色或数据规则不存在，或该规则已授予该角色',
    en: 'The role or the data rule does not exist, or the rule is already granted to the role',
  },
  CL_ERR_BILL_RULE_DISABLED: {
    kind: 'business',
    'zh-CN': '单据规则{code}已禁用，无法生成单据编号',
    en: 'The bill number rule {code} is disabled; no number can be issued',
  },
  CL_ERR_JOB_CRON_INVALID: {
    kind: 'validation',
    'zh-CN': 'Cron表达式不正确，需要七段：秒 分 时 日 月 周 年',
    en: 'The cron expression is not valid: it needs seven parts (second minute hour day month week year)',
  },
  CL_ERR_JOB_CRON_NEVER: { kind: 'validation', 'zh-CN': '该Cron表达式以后不会再触发', en: 'This cron expression never fires again' },
  CL_ERR_JOB_HANDLER_UNKNOWN: { kind: 'validation', 'zh-CN': '任务类名不存在', en: 'No job handler has this name' },
  CL_ERR_JOB_PARAMETER_INVALID: {
    kind: 'validation',
    'zh-CN': '参数必须是 JSON 对象，如 {"days": 30}',
    en: 'The parameter must be a JSON object, such as {"days": 30}',
  },
  CL_ERR_RECYCLE_MODEL_GONE: {
    kind: 'business',
    'zh-CN': '该数据所属的模型已不存在或不再使用回收站',
    en: 'The model of this record no longer exists or no longer keeps a recycle bin',
  },
  CL_ERR_RECYCLE_ID_TAKEN: {
    kind: 'business',
    'zh-CN': '系统中已存在相同ID的数据，无法还原',
    en: 'A record with the same id exists, so this one cannot be restored',
  },
  CL_ERR_CHECK_RULE_JSON: {
    kind: 'validation',
    'zh-CN': '规则内容须为 [{"digits": "位数或*", "pattern": "正则表达式", "message": "提示"}]，最多20条，表达式不超过200字且不能嵌套重复',
    en: 'Rules must be [{"digits": "a count or *", "pattern": "a regular expression", "message": "a hint"}], at most 20, each expression up to 200 characters without nested repetition',
  },
  CL_ERR_CHECK_RULE_UNKNOWN: { kind: 'business', 'zh-CN': '该编码不存在', en: 'No check rule has this code' },
  CL_ERR_CHECK_RULE_FAILED: { kind: 'business', 'zh-CN': '{message}', en: '{message}' },
  CL_ERR_SQL_NOT_ONE_SELECT: {
    kind: 'business',
    'zh-CN': 'SQL 只能是一条只读的 SELECT 查询',
    en: 'The SQL must be exactly one read-only SELECT statement',
  },
  CL_ERR_SQL_SYNTAX: { kind: 'business', 'zh-CN': 'SQL 无法解析或含有不支持的写法', en: 'The SQL cannot be parsed or uses a form that is not supported' },
  CL_ERR_SQL_TABLE_REFUSED: { kind: 'business', 'zh-CN': 'SQL 不能查询表 {table}', en: 'The SQL may not read the table {table}' },
  CL_ERR_SQL_FUNCTION_REFUSED: { kind: 'business', 'zh-CN': 'SQL 不能使用 {name}', en: 'The SQL may not use {name}' },
  CL_ERR_SQL_PARAM_MISSING: { kind: 'business', 'zh-CN': '缺少参数 {name} 的值', en: 'No value was given for the parameter {name}' },
  CL_ERR_SQL_TIMEOUT: { kind: 'business', 'zh-CN': '查询超时（超过 {seconds} 秒）', en: 'The query took too long (over {seconds} s)' },
  CL_ERR_SQL_FAILED: {
    kind: 'business',
    'zh-CN': '查询执行失败，请检查 SQL 中的表名和字段名',
    en: 'The query failed; please check the table and column names in the SQL',
  },
  CL_ERR_HTTP_HOST_REFUSED: {
    kind: 'business',
    'zh-CN': '该接口地址不在允许访问的主机列表中',
    en: 'The interface address is not on the list of hosts that may be called',
  },
  CL_ERR_HTTP_CALL_FAILED: { kind: 'business', 'zh-CN': '调用接口失败（{status}）', en: 'The interface call failed ({status})' },
  CL_ERR_DATA_INTERFACE_DISABLED: { kind: 'business', 'zh-CN': '该数据接口已禁用', en: 'This data interface is disabled' },
  CL_ERR_DATA_INTERFACE_INVALID: { kind: 'validation', 'zh-CN': '{field}格式不正确：{detail}', en: '{field} is not valid: {detail}' },
  CL_ERR_PRINT_TEMPLATE_INVALID: { kind: 'validation', 'zh-CN': '打印模板不正确：{detail}', en: 'The print template is not valid: {detail}' },
  CL_ERR_PRINT_BUSY: { kind: 'tooMany', 'zh-CN': '打印任务较多，请稍后再试', en: 'Too many printouts are being made, please try again shortly' },
  CL_ERR_VALUE_TAKEN: { kind: 'business', 'zh-CN': '该值不可用，系统中已存在！', en: 'This value is not available: it already exists!' },
  CL_ERR_DUPLICATE_CHECK_REFUSED: { kind: 'badRequest', 'zh-CN': '该字段不支持重复校验', en: 'This field does not support the duplicate check' },
  CL_ERR_TREE_PARENT_INVALID: {
    kind: 'business',
    'zh-CN': '上级节点不存在，或是该节点本身及其下级',
    en: 'The parent does not exist, or is the node itself or one of its descendants',
  },
  CL_ERR_TREE_HAS_CHILDREN: { kind: 'business', 'zh-CN': '该节点下有下级数据，不能删除', en: 'This node has children and cannot be deleted' },
  CL_ERR_MENU_TOP_HAS_PARENT: { kind: 'validation', 'zh-CN': '一级菜单不能有上级菜单', en: 'A top-level menu has no parent menu' },
  CL_ERR_MENU_PARENT_REQUIRED: { kind: 'validation', 'zh-CN': '请选择上级菜单', en: 'Please choose the parent menu' },
  CL_ERR_MENU_PARENT_BUTTON: { kind: 'validation', 'zh-CN': '按钮权限下不能添加下级', en: 'A button cannot have children' },
  CL_ERR_MENU_BUTTON_PERMS: { kind: 'validation', 'zh-CN': '按钮权限必须填写授权标识', en: 'A button needs its permission code' },
  CL_ERR_MENU_FROM_MODULE: {
    kind: 'business',
    'zh-CN': '该菜单由模块定义，不能删除',
    en: 'This menu is defined by a module and cannot be deleted',
  },
  CL_ERR_DATA_SCOPE_OUTSIDE: {
    kind: 'business',
    'zh-CN': '该数据超出您的数据权限范围，不能保存',
    en: 'This record would fall outside your data scope and cannot be saved',
  },
  // the same for a path that does not exist and one the writer may not read: it tells nothing about other files
  CL_ERR_FILE_UNAVAILABLE: {
    kind: 'validation',
    'zh-CN': '{label}中的文件不可用，请重新上传',
    en: 'A file in {label} is not available; please upload it again',
  },
  CL_ERR_IMPORT_FILE_MISSING: { kind: 'business', 'zh-CN': '请选择要导入的 Excel 文件', en: 'Please choose an Excel file to import' },
  CL_ERR_IMPORT_FILE_TYPE: { kind: 'business', 'zh-CN': '只能导入 .xls 或 .xlsx 格式的 Excel 文件', en: 'Only Excel files (.xls, .xlsx) can be imported' },
  CL_ERR_IMPORT_LEGACY_XLS: {
    kind: 'business',
    'zh-CN': '不支持旧版 Excel 97-2003 格式，请另存为 .xlsx 后再导入',
    en: 'The old Excel 97-2003 format is not supported; save the file as .xlsx and import it again',
  },
  CL_ERR_IMPORT_FILE_TOO_LARGE: { kind: 'business', 'zh-CN': '导入文件不能超过 {maxMb} MB', en: 'The file to import must not exceed {maxMb} MB' },
  CL_ERR_IMPORT_FILE_UNSAFE: {
    kind: 'business',
    'zh-CN': '文件结构异常（条目过多或解压后过大），已拒绝导入',
    en: 'The file was refused: it holds too many parts or is too large once unpacked',
  },
  CL_ERR_IMPORT_FILE_BROKEN: {
    kind: 'business',
    'zh-CN': '无法读取该 Excel 文件，请确认文件完整',
    en: 'The Excel file cannot be read; please check that it is complete',
  },
  CL_ERR_IMPORT_HEADER_UNKNOWN: { kind: 'business', 'zh-CN': '无法识别的表头：{headers}', en: 'Unknown column headers: {headers}' },
  CL_ERR_IMPORT_COLUMN_MISSING: { kind: 'business', 'zh-CN': '缺少必填列：{columns}', en: 'Required columns are missing: {columns}' },
  CL_ERR_IMPORT_EMPTY: { kind: 'business', 'zh-CN': '文件中没有可导入的数据行', en: 'The file holds no rows to import' },
  CL_ERR_IMPORT_TOO_MANY_ROWS: { kind: 'business', 'zh-CN': '一次最多导入 {max} 行数据', en: 'At most {max} rows can be imported at once' },
  CL_ERR_IMPORT_REPORT_GONE: {
    kind: 'notFound',
    'zh-CN': '错误报告不存在或已过期，请重新导入',
    en: 'The error report does not exist or has expired; please import again',
  },
  CL_ERR_ANNOUNCEMENT_NOT_DRAFT: { kind: 'business', 'zh-CN': '只有未发布的公告可以发布或编辑', en: 'Only a draft announcement can be published or edited' },
  CL_ERR_ANNOUNCEMENT_NOT_PUBLISHED: { kind: 'business', 'zh-CN': '只有已发布的公告可以撤销', en: 'Only a published announcement can be revoked' },
  CL_ERR_ANNOUNCEMENT_NO_RECIPIENTS: { kind: 'business', 'zh-CN': '请选择指定用户', en: 'Please choose the users to notify' },
  CL_ERR_FILE_MISSING: { kind: 'business', 'zh-CN': '未上传文件', en: 'No file uploaded' },
  CL_ERR_FILE_TYPE: {
    kind: 'business',
    'zh-CN': '文件类型不允许或与扩展名不符：{name}',
    en: 'The file type is not allowed or does not match its extension: {name}',
  },
  CL_ERR_FILE_TOO_LARGE: { kind: 'business', 'zh-CN': '文件大小超出限制（{maxMb} MB）', en: 'The file exceeds the size limit ({maxMb} MB)' },
  CL_ERR_FILE_CHUNK_INVALID: { kind: 'badRequest', 'zh-CN': '分片参数错误：{detail}', en: 'Invalid chunk: {detail}' },
  CL_ERR_FILE_CHUNKS_MISSING: { kind: 'business', 'zh-CN': '文件分片不完整，请继续上传', en: 'Some chunks of the file are missing; please resume the upload' },
  CL_ERR_FILE_CHECKSUM: { kind: 'business', 'zh-CN': '文件校验失败，请重新上传', en: 'The file failed its checksum; please upload it again' },
  CL_ERR_NOT_FOUND: { kind: 'notFound', 'zh-CN': '很抱歉，资源未找到!', en: 'Sorry, the resource was not found!' },
  CL_ERR_DB_UNAVAILABLE: { kind: 'unavailable', 'zh-CN': '数据库暂不可用，请稍后再试', en: 'The database is unavailable, please try again later' },
  CL_ERR_INTERNAL: {
    kind: 'internal',
    'zh-CN': '系统内部错误，请联系管理员（请求号 {requestId}）',
    en: 'Internal error, please contact an administrator (request {requestId})',
  },
} satisfies Record<string, CatalogueEntry>;

export type ErrorCode = keyof typeof CATALOGUE;

export interface FieldError {
  field: string;
  message: string;
}

/** An error the server answers on purpose; never carries driver messages, SQL or paths. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly params: Record<string, string | number>;
  readonly fieldErrors: FieldError[] | undefined;

  /** `options.cause`: what made the request fail, for the log (errorPlugin); the client never sees it */
  constructor(code: ErrorCode, params: Record<string, string | number> = {}, fieldErrors?: FieldError[], options?: ErrorOptions) {
    super(`${code} ${JSON.stringify(params)}`, options);
    this.name = 'AppError';
    this.code = code;
    this.params = params;
    this.fieldErrors = fieldErrors;
  }

  get kind(): ErrorKind {
    return CATALOGUE[this.code].kind;
  }
}

export function appError(code: ErrorCode, params: Record<string, string | number> = {}, fieldErrors?: FieldError[], options?: ErrorOptions): AppError {
  return new AppError(code, params, fieldErrors, options);
}

/** Field errors become one AppError whose text lists them all. */
export function validationError(errors: FieldError[], code: 'CL_ERR_VALIDATION' | 'CL_ERR_RECORD_DUPLICATE' = 'CL_ERR_VALIDATION'): AppError {
  return new AppError(code, { detail: errors.map((e) => e.message).join('；') }, errors);
}

export function errorText(code: ErrorCode, lang: Lang, params: Record<string, string | number> = {}): string {
  const entry: CatalogueEntry = CATALOGUE[code];
  const template = lang === 'en' ? entry.en : entry['zh-CN'];
  const text = template.replace(/\{(\w+)\}/g, (_, key: string) => String(params[key] ?? ''));
  return lang === 'zh-TW' ? toTraditional(text) : text;
}

export function errorKind(code: ErrorCode): ErrorKind {
  return CATALOGUE[code].kind;
}

export function errorApiCode(code: ErrorCode): number | undefined {
  const entry: CatalogueEntry = CATALOGUE[code];
  return entry.apiCode;
}

export const ERROR_CODES = Object.keys(CATALOGUE) as ErrorCode[];
