import type { Transaction } from 'kysely';
import type { Database } from './schema.js';

export interface ReleaseMessage {
  id: string;
  version: number;
  /** the store that released it (it ignores its own message) */
  origin: string;
}

/**
 * How the servers of one database tell each other about model releases (the model store). Each
 * dialect has its own (server/db/dialects/<name>/modelChannel.ts); buildApp picks it with the database.
 */
export interface ReleaseNotifier {
  /** sent in the release's transaction, so the others hear of it only once it is committed */
  publish(trx: Transaction<Database>, message: ReleaseMessage): Promise<void>;
  close(): Promise<void>;
}

export interface ModelChannelHandlers {
  onMessage: (message: ReleaseMessage) => void;
  /** after a lost connection is back: messages sent meanwhile are lost, so the caller catches up */
  onReconnect: () => void;
  warn: (message: string, error?: unknown) => void;
}

/** Opens the channel of one database (server/db/dialects/<name>/modelChannel.ts). */
export type OpenModelChannel = (handlers: ModelChannelHandlers) => Promise<ReleaseNotifier>;
