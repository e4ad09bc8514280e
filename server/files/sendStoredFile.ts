import type { FastifyReply } from 'fastify';
import { attachmentHeader } from '../engine/xlsx/cellText.js';
import type { FileStore, StoredFile } from './fileStore.js';
import { EXTENSIONS, INLINE_KINDS } from './magicBytes.js';

/**
 * Sends a stored file (security.md rule 16): nosniff, a sandboxing CSP, and attachment unless `inline`
 * was asked for a kind a browser shows safely (images, PDF); everything else is always downloaded.
 */
export function sendStoredFile(reply: FastifyReply, store: FileStore, file: StoredFile, inline = false): FastifyReply {
  const kind = EXTENSIONS[file.extension]?.kind;
  const showInline = inline && kind !== undefined && INLINE_KINDS.has(kind);
  reply.header('content-type', store.contentTypeOf(file.extension));
  reply.header('content-length', String(file.size));
  reply.header('x-content-type-options', 'nosniff');
  reply.header('content-security-policy', "sandbox; default-src 'none'; img-src 'self'; object-src 'self'");
  reply.header('content-disposition', showInline ? attachmentHeader(file.originalName).replace(/^attachment/, 'inline') : attachmentHeader(file.originalName));
  return reply.send(store.open(file));
}
