import { createForm, onFieldInputValueChange, type Form } from '@formily/core';

/**
 * A Formily form for one dialog. Only the first failing rule of a field is shown (the server also
 * reports one message per field), and an error the server put on a field goes away once the user
 * edits that field.
 */
export function createRecordForm(options: { initialValues?: Record<string, unknown>; readPretty?: boolean } = {}): Form {
  return createForm({
    initialValues: options.initialValues,
    pattern: options.readPretty ? 'readPretty' : 'editable',
    validateFirst: true,
    effects() {
      onFieldInputValueChange('*', (field) => {
        field.setFeedback({ type: 'error', code: 'EffectError', messages: [] });
      });
    },
  });
}
