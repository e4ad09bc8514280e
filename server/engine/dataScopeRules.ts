/**
 * Data rules as structured data (model system.dataRule, granted to roles by system.roleDataRule):
 * never SQL text. dataScopeCompile.ts turns the rules of one user on one model into a bound condition.
 */
export const RULE_KINDS = ['all', 'own', 'department', 'departmentTree', 'field'] as const;
export type RuleKind = (typeof RULE_KINDS)[number];

export const RULE_OPERATORS = ['eq', 'ne', 'in', 'gt', 'ge', 'lt', 'le', 'like'] as const;
export type RuleOperator = (typeof RULE_OPERATORS)[number];

export const USER_VALUES = ['user.id', 'user.username', 'user.departIds', 'user.orgCode', 'user.tenantId'] as const;
export type UserValue = (typeof USER_VALUES)[number];

/** One enabled rule as stored in sys_data_rule. */
export interface DataRule {
  kind: RuleKind;
  /** kind 'field': the model field compared */
  field: string | null;
  operator: RuleOperator | null;
  /** kind 'field': where the value comes from; else `value` is a literal */
  valueFrom: UserValue | null;
  value: string | null;
}

/** The signed-in user's values a rule may compare with. */
export interface ScopeUser {
  id: string;
  username: string;
  orgCode: string | null;
  tenantId: number;
  departIds: string[];
  /** the user's departments and all their descendants (loaded only when a departmentTree rule asks) */
  departTree(): Promise<string[]>;
}
