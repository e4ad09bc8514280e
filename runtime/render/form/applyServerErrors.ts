import type { Form } from '@formily/core';
import { isApiError } from '../../data/ApiError';

/**
 * Puts the server's field errors onto the form's fields and returns the messages that matched no
 * field; null when the error carries no field errors (a stale version, a business rule, a network
 * failure), which the caller shows as a whole.
 */
export function applyServerErrors(form: Form, error: unknown): string[] | null {
  if (!isApiError(error) || !error.fieldErrors?.length) return null;
  const unmatched: string[] = [];
  for (const { field, message } of error.fieldErrors) {
    if (form.query(field).take()) {
      form.setFieldState(field, (state) => {
        state.selfErrors = [message];
      });
    } else {
      unmatched.push(message);
    }
  }
  return unmatched;
}
