import type { CreateTableBuilder, Kysely } from 'kysely';

// Written once for both databases: only types both understand (varchar, text, integer, bigint,
// double precision) and no dialect-specific defaults. Column names are snake_case on purpose; the
// CamelCasePlugin leaves them alone here and maps camelCase to them everywhere else.

type Builder = CreateTableBuilder<string, never>;

function recordStamps(table: Builder): Builder {
  return table
    .addColumn('create_by', 'varchar(64)')
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
    .addColumn('update_by', 'varchar(64)')
    .addColumn('update_time', 'varchar(19)')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1));
}

const STAFF_COLUMNS: [string, string][] = [
  ['work_no', 'varchar(50)'],
  ['sex', 'integer'],
  ['idcard', 'varchar(18)'],
  ['nation', 'varchar(10)'],
  ['idcard_expiration_date', 'varchar(10)'],
  ['native_place', 'varchar(20)'],
  ['idcard_img_front', 'varchar(500)'],
  ['idcard_img_back', 'varchar(500)'],
  ['phone', 'varchar(20)'],
  ['birthday', 'varchar(10)'],
  ['email', 'varchar(100)'],
  ['virtual_number', 'varchar(30)'],
  ['alternate_number', 'varchar(20)'],
  ['home_address', 'varchar(50)'],
  ['current_address', 'varchar(50)'],
  ['emergency_contact', 'varchar(50)'],
  ['emergency_contact_relationship', 'varchar(50)'],
  ['emergency_contact_phone', 'varchar(20)'],
  ['avatar', 'varchar(500)'],
  ['signature_img', 'varchar(500)'],
  ['university', 'varchar(100)'],
  ['highest_education', 'varchar(50)'],
  ['major', 'varchar(100)'],
  ['academic_certificate_img', 'varchar(500)'],
  ['diploma_img', 'varchar(500)'],
  ['education_experience', 'text'],
  ['work_experience', 'text'],
  ['hiredate', 'varchar(10)'],
  ['highest_title', 'varchar(20)'],
  ['title_profession', 'varchar(20)'],
  ['evaluation_date', 'varchar(10)'],
  ['certificate_name', 'varchar(20)'],
  ['certificate_no', 'varchar(50)'],
  ['certificate_validity', 'varchar(10)'],
  ['start_date', 'varchar(10)'],
  ['labour_contract', 'varchar(20)'],
  ['social_insurance', 'varchar(100)'],
  ['file_url', 'varchar(500)'],
  ['file_update_date', 'varchar(10)'],
  ['safety_undertakings', 'varchar(500)'],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sys_tenant')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
    .execute();

  let user = db.schema
    .createTable('sys_user')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('username', 'varchar(64)', (c) => c.notNull())
    .addColumn('realname', 'varchar(50)', (c) => c.notNull())
    .addColumn('password', 'varchar(255)', (c) => c.notNull())
    .addColumn('salt', 'varchar(64)', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('del_flag', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('org_code', 'varchar(64)')
    .addColumn('must_change_password', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('login_fail_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'bigint')
    .addColumn('password_changed_at', 'bigint');
  for (const [name, type] of STAFF_COLUMNS) user = user.addColumn(name, type as 'text');
  await recordStamps(user as unknown as Builder).execute();
  await db.schema.createIndex('ux_sys_user_username').on('sys_user').column('username').unique().execute();

  await db.schema
    .createTable('sys_user_tenant')
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('tenant_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('pk_sys_user_tenant', ['user_id', 'tenant_id'])
    .execute();

  await recordStamps(
    db.schema
      .createTable('sys_role')
      .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
      .addColumn('role_name', 'varchar(100)', (c) => c.notNull())
      .addColumn('role_code', 'varchar(100)', (c) => c.notNull())
      .addColumn('description', 'varchar(500)')
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1)) as unknown as Builder,
  ).execute();
  await db.schema.createIndex('ux_sys_role_code').on('sys_role').column('role_code').unique().execute();

  await db.schema
    .createTable('sys_user_role')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('role_id', 'varchar(36)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ux_sys_user_role').on('sys_user_role').columns(['user_id', 'role_id']).unique().execute();

  await db.schema
    .createTable('sys_permission')
    .addColumn('id', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('parent_id', 'varchar(100)')
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('url', 'varchar(500)')
    .addColumn('component', 'varchar(255)')
    .addColumn('component_name', 'varchar(255)')
    .addColumn('redirect', 'varchar(255)')
    .addColumn('menu_type', 'integer', (c) => c.notNull())
    .addColumn('perms', 'varchar(255)')
    .addColumn('perms_type', 'varchar(10)', (c) => c.notNull().defaultTo('1'))
    .addColumn('sort_no', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('always_show', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('icon', 'varchar(100)')
    .addColumn('is_route', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_leaf', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('keep_alive', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('internal_or_external', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'varchar(2)', (c) => c.notNull().defaultTo('1'))
    .addColumn('del_flag', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('module_id', 'varchar(40)', (c) => c.notNull().defaultTo(''))
    .addColumn('def_hash', 'varchar(64)')
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
    .addColumn('update_time', 'varchar(19)')
    .execute();
  await db.schema.createIndex('ix_sys_permission_parent').on('sys_permission').column('parent_id').execute();
  await db.schema.createIndex('ix_sys_permission_perms').on('sys_permission').column('perms').execute();

  await db.schema
    .createTable('sys_role_permission')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('role_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('permission_id', 'varchar(100)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('ux_sys_role_permission')
    .on('sys_role_permission')
    .columns(['role_id', 'permission_id'])
    .unique()
    .execute();

  await recordStamps(
    db.schema
      .createTable('sys_depart')
      .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
      .addColumn('parent_id', 'varchar(36)')
      .addColumn('depart_name', 'varchar(100)', (c) => c.notNull())
      .addColumn('org_code', 'varchar(64)', (c) => c.notNull())
      .addColumn('org_category', 'varchar(2)', (c) => c.notNull().defaultTo('2'))
      .addColumn('depart_order', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('description', 'varchar(500)')
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('tenant_id', 'integer', (c) => c.notNull()) as unknown as Builder,
  ).execute();
  await db.schema.createIndex('ux_sys_depart_org_code').on('sys_depart').column('org_code').unique().execute();
  await db.schema.createIndex('ix_sys_depart_parent').on('sys_depart').column('parent_id').execute();

  await db.schema
    .createTable('sys_user_depart')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('dep_id', 'varchar(36)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ux_sys_user_depart').on('sys_user_depart').columns(['user_id', 'dep_id']).unique().execute();

  await db.schema
    .createTable('sys_user_position')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('position_id', 'varchar(36)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('ux_sys_user_position')
    .on('sys_user_position')
    .columns(['user_id', 'position_id'])
    .unique()
    .execute();

  await db.schema
    .createTable('sys_dict')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('dict_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('dict_code', 'varchar(100)', (c) => c.notNull())
    .addColumn('description', 'varchar(500)')
    .addColumn('del_flag', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('module_id', 'varchar(40)', (c) => c.notNull().defaultTo(''))
    .addColumn('def_hash', 'varchar(64)')
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
    .addColumn('update_time', 'varchar(19)')
    .execute();
  await db.schema.createIndex('ux_sys_dict_code').on('sys_dict').column('dict_code').unique().execute();

  await db.schema
    .createTable('sys_dict_item')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('dict_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('item_text', 'varchar(200)', (c) => c.notNull())
    .addColumn('item_value', 'varchar(100)', (c) => c.notNull())
    .addColumn('description', 'varchar(500)')
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('color', 'varchar(20)')
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
    .addColumn('update_time', 'varchar(19)')
    .execute();
  await db.schema.createIndex('ux_sys_dict_item_value').on('sys_dict_item').columns(['dict_id', 'item_value']).unique().execute();

  await db.schema
    .createTable('sys_session')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .addColumn('revoke_reason', 'varchar(32)')
    .addColumn('ip', 'varchar(64)')
    .addColumn('user_agent', 'varchar(255)')
    .execute();
  await db.schema.createIndex('ix_sys_session_user').on('sys_session').column('user_id').execute();

  await db.schema
    .createTable('sys_security_log')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('time', 'bigint', (c) => c.notNull())
    .addColumn('event', 'varchar(40)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(36)')
    .addColumn('username', 'varchar(64)')
    .addColumn('ip', 'varchar(64)')
    .addColumn('request_id', 'varchar(64)')
    .addColumn('detail', 'varchar(1000)')
    .execute();
  await db.schema.createIndex('ix_sys_security_log_time').on('sys_security_log').column('time').execute();
}
