/** Sign-in and password bodies are a few short strings: anything near this size is not a real client. */
export const SMALL_BODY_LIMIT = 4 * 1024;

/**
 * A JSON-schema object that refuses (400) properties it does not name. `additionalProperties: false`
 * would not do: Fastify's validator runs with removeAdditional, which silently drops them instead.
 */
export function closedObject<P extends Record<string, object>, R extends readonly (keyof P & string)[]>(properties: P, required: R) {
  return { type: 'object', required, properties, propertyNames: { enum: Object.keys(properties) } } as const;
}
