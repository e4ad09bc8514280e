import type { Kysely } from 'kysely';
import type { DbAdapter } from '../db/dialects/DbAdapter.js';
import type { Database } from '../db/schema.js';

/** What a job handler gets for one run. */
export interface JobRunContext {
  /** the run's transaction: what the handler writes commits only when it returns */
  db: Kysely<Database>;
  adapter: DbAdapter;
  /** the tenant of the job row: a handler touches that tenant's rows only */
  tenantId: number;
  /** the job's parameter text as the administrator typed it (handlers parse it with parseJobParameter) */
  parameter: string | null;
  /** the scheduled time of this run (a manual run: the moment it was asked for) */
  fireTime: Date;
}

/**
 * Code a scheduled job runs, named by the job's jobClassName (the model's `job_handler` dictionary lists the
 * names a user can pick). It resolves with a short summary for the run log, or throws to fail the run
 * (an AppError's message, or the error's, is logged).
 */
export type JobHandler = (ctx: JobRunContext) => Promise<string | void>;

export interface JobHandlerRegistry {
  register(name: string, handler: JobHandler): void;
  get(name: string): JobHandler | undefined;
  names(): string[];
}

const HANDLER_NAME = /^[a-z][A-Za-z0-9]*\.[a-z][A-Za-z0-9]*$/;

/** One registry per app (tests build several side by side with their own handlers). */
export function createJobHandlerRegistry(): JobHandlerRegistry {
  const handlers = new Map<string, JobHandler>();
  return {
    register(name, handler) {
      if (!HANDLER_NAME.test(name)) throw new Error(`job handler name "${name}" must look like "<module>.<action>"`);
      if (handlers.has(name)) throw new Error(`job handler "${name}" is already registered`);
      handlers.set(name, handler);
    },
    get: (name) => handlers.get(name),
    names: () => [...handlers.keys()],
  };
}

/**
 * A job's parameter as a JSON object (`{"days": 30}`); empty text is `{}`. Anything else is refused when the
 * job is saved (the model hook calls this), so a run never meets a parameter it cannot read.
 */
export function parseJobParameter(text: string | null | undefined): Record<string, unknown> {
  if (text === null || text === undefined || text.trim() === '') return {};
  const value: unknown = JSON.parse(text);
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new Error('the parameter must be a JSON object');
  return value as Record<string, unknown>;
}
