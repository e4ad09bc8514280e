import type { FastifyReply } from 'fastify';

/**
 * JNPF's one-record exports (a bill rule, a data interface, a print template): the named fields of the
 * record as a JSON file named after its code, which another installation can import. Fields the record
 * lacks are written as null, so every file has the same keys.
 */
export function recordAsJsonFile(reply: FastifyReply, record: Record<string, unknown>, fields: readonly string[], code: unknown): string {
  const exported = Object.fromEntries(fields.map((f) => [f, record[f] ?? null]));
  void reply
    .header('content-type', 'application/json; charset=utf-8')
    .header('content-disposition', `attachment; filename="${encodeURIComponent(String(code))}.json"`);
  return JSON.stringify(exported, null, 2);
}
