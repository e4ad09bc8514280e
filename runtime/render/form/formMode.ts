/** Which form a model's form schema is built for: the detail view renders it read-only. */
export type FormMode = 'add' | 'edit' | 'detail';
