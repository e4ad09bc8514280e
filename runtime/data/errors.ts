/**
 * The client's error catalogue (Fastify lib/errors.js style): every failure runtime/data makes up
 * itself, with the i18n key (namespace 'data') of the text users see.
 * Server codes (server/errors.ts) travel unchanged in ApiError.errorCode; these codes are used only
 * when the server sent none.
 */
export const CLIENT_ERRORS = {
  /** a model names a dialect this client does not speak */
  CL_ERR_UNKNOWN_DIALECT: { textKey: 'errors.contract' },
  /** a body is not the envelope of its URL's family */
  CL_ERR_CONTRACT_ENVELOPE: { textKey: 'errors.contract' },
  /** an envelope's payload is not the shape the operation answers (e.g. a list without records) */
  CL_ERR_CONTRACT_PAYLOAD: { textKey: 'errors.contract' },
  /** the model switched the operation off (api.operations.x = false, or state without api.state) */
  CL_ERR_OPERATION_OFF: { textKey: 'errors.contract' },
  CL_ERR_NETWORK: { textKey: 'feedback.requestError' },
  CL_ERR_TIMEOUT: { textKey: 'feedback.timeout' },
  CL_ERR_HTTP_UNAUTHORIZED: { textKey: 'feedback.unauthorized' },
  CL_ERR_HTTP_FORBIDDEN: { textKey: 'feedback.accessDenied' },
  CL_ERR_HTTP_NOT_FOUND: { textKey: 'feedback.notFound' },
  CL_ERR_HTTP_STATUS: { textKey: 'feedback.requestError' },
  /** a second exclusive request to the same URL while the first is in flight */
  CL_ERR_REQUEST_IN_FLIGHT: { textKey: 'feedback.requesting' },
} as const satisfies Record<string, { textKey: string }>;

export type ClientErrorCode = keyof typeof CLIENT_ERRORS;

export const CLIENT_ERROR_CODES = Object.keys(CLIENT_ERRORS) as ClientErrorCode[];

/** The i18n key (namespace 'data') of a client error's user text. */
export function clientErrorTextKey(code: ClientErrorCode): string {
  return CLIENT_ERRORS[code].textKey;
}
