import { appError } from '../errors.js';

/** The model that stores the designs (schemas/visualdev/models/design.model.json). */
export const DESIGN_MODEL_ID = 'visualdev.design';
export const DESIGN_TABLE = 'sys_visualdev';
/** Designed models live in their own module, so a design never replaces a model shipped as a file. */
export const DESIGNED_MODULE = 'online';
/** The menu under which every released design gets its own (schemas/visualdev/module.json). */
export const DESIGNED_MENU_PARENT = 'visualdev.apps';

const DESIGNED_ID = /^online\.[a-z][a-zA-Z0-9]{0,59}$/;
/** Tables a design may not claim even when no model owns them (the core's own, migrations). */
const RESERVED_TABLE = /^(sys_|kysely_)/;

export function isDesignedModelId(id: string): boolean {
  return DESIGNED_ID.test(id);
}

/** The model file a draft's text holds: a JSON object whose id is the design's model id, online.<name>. */
export function parseDesignJson(text: unknown, enCode: unknown): Record<string, unknown> {
  let parsed: unknown = text;
  if (typeof text === 'string') {
    try {
      parsed = JSON.parse(text);
    } catch {
      throw appError('CL_ERR_DESIGN_NOT_OBJECT');
    }
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw appError('CL_ERR_DESIGN_NOT_OBJECT');
  const model = parsed as Record<string, unknown>;
  if (typeof enCode !== 'string' || !isDesignedModelId(enCode) || model.id !== enCode) throw appError('CL_ERR_DESIGN_MODEL_ID');
  const entity = model.entity as { table?: unknown } | undefined;
  if (typeof entity?.table === 'string' && RESERVED_TABLE.test(entity.table)) throw appError('CL_ERR_DESIGN_TABLE', { table: entity.table.slice(0, 63) });
  return model;
}
