import type { ServedModel } from './types';

/**
 * A zh-CN text of a model (a label, a title, a message) in the language the model was served in;
 * the zh-CN source itself when the module has no translation for it.
 *
 * @example
 * resolveText(served, served.model.entity.fields.fullName.label); // 'Position name' in en
 */
export function resolveText(served: ServedModel, zhText: string): string {
  return Object.hasOwn(served.texts, zhText) ? (served.texts[zhText] ?? zhText) : zhText;
}
