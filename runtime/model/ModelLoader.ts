import type { ServedModel } from './types';

/**
 * Fetches model files from the server (GET /system/model/{id}) in the current language and keeps them
 * for the session; the server's ETag makes a re-fetch after clear() cheap.
 *
 * @example
 * const served = await runtime.models.load('system.position');
 * const label = resolveText(served, served.model.entity.fields.fullName.label);
 */
export interface ModelLoader {
  load(id: string, signal?: AbortSignal): Promise<ServedModel>;
  /** forget cached models (language switch, sign-out) */
  clear(): void;
}
