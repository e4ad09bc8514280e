/**
 * The frames of /vxeSocket (spec 000 §4 "Table live updates"): `{"type":"heart_beat"}`, answered to its
 * sender, and `{"type":"common_send_date","data":{"type":"update_vxe_table","caseId":…,"row":{…}}}`,
 * one changed row for the other tables open on the page. Anything else is dropped. A row is rebuilt
 * from what is allowed (named scalar cells and upload entries), never relayed as the sender wrote it.
 */
export type TableFrame = { type: 'heart_beat' } | { type: 'update_vxe_table'; caseId: string; row: Record<string, unknown> };

const CELL_NAME = /^[A-Za-z][A-Za-z0-9_]{0,59}$/;
const MAX_CELLS = 100;
const MAX_TEXT = 2000;
const MAX_CASE_ID = 64;

function cellValue(value: unknown): { ok: true; value: unknown } | { ok: false } {
  if (value === null || typeof value === 'boolean') return { ok: true, value };
  if (typeof value === 'number') return Number.isFinite(value) ? { ok: true, value } : { ok: false };
  if (typeof value === 'string') return value.length <= MAX_TEXT ? { ok: true, value } : { ok: false };
  // an upload cell: {fileName, filePath, fileSize}
  if (typeof value === 'object' && !Array.isArray(value)) {
    const { fileName, filePath, fileSize, ...rest } = value as Record<string, unknown>;
    if (Object.keys(rest).length > 0 || typeof fileName !== 'string' || typeof filePath !== 'string' || typeof fileSize !== 'number') return { ok: false };
    if (fileName.length > 255 || filePath.length > 500 || !Number.isFinite(fileSize)) return { ok: false };
    return { ok: true, value: { fileName, filePath, fileSize } };
  }
  return { ok: false };
}

function rowOf(value: unknown): Record<string, unknown> | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0 || entries.length > MAX_CELLS) return null;
  const id = (value as { id?: unknown }).id;
  if (!((typeof id === 'string' && id.length > 0 && id.length <= 64) || (typeof id === 'number' && Number.isSafeInteger(id)))) return null;
  const row: Record<string, unknown> = {};
  for (const [name, raw] of entries) {
    const cell = cellValue(raw);
    if (!CELL_NAME.test(name) || !cell.ok) return null;
    row[name] = cell.value;
  }
  return row;
}

export function parseTableFrame(text: string): TableFrame | null {
  let frame: unknown;
  try {
    frame = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof frame !== 'object' || frame === null) return null;
  const { type, data } = frame as { type?: unknown; data?: unknown };
  if (type === 'heart_beat') return { type };
  if (type !== 'common_send_date' || typeof data !== 'object' || data === null) return null;
  const { type: kind, caseId = '', row } = data as { type?: unknown; caseId?: unknown; row?: unknown };
  if (kind !== 'update_vxe_table' || typeof caseId !== 'string' || caseId.length > MAX_CASE_ID) return null;
  const clean = rowOf(row);
  return clean ? { type: 'update_vxe_table', caseId, row: clean } : null;
}

/** One row update as it is passed on: the row, the sender's table instance and the sender's user id. */
export interface TableUpdate {
  caseId: string;
  userId: string;
  row: Record<string, unknown>;
}

/** What the other peers receive (the row as this receiver may see it). */
export function updateFrame(update: TableUpdate, row: Record<string, unknown> = update.row): string {
  return JSON.stringify({ type: 'common_send_date', data: { type: 'update_vxe_table', caseId: update.caseId, userId: update.userId, row } });
}

/** An update another server passed on (updateFrame's text), checked again like a client's frame; null when it is not one. */
export function parseUpdateFrame(text: string): TableUpdate | null {
  const frame = parseTableFrame(text);
  if (frame?.type !== 'update_vxe_table') return null;
  const userId = (JSON.parse(text) as { data: { userId?: unknown } }).data.userId;
  return typeof userId === 'string' && userId.length <= 36 ? { caseId: frame.caseId, userId, row: frame.row } : null;
}

export const HEART_BEAT_REPLY = JSON.stringify({ type: 'heart_beat', data: true });
