import type { UploadFile } from 'antd';
import type { HttpClient } from '../../data/HttpClient';
import { isUploadSuccess } from '../../upload/uploadRules';

/** Field values are stored paths, comma-joined (JeecgBoot convention, docs/engine-v2-plan.md). */
export function pathsOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string' && v !== '');
  return typeof value === 'string' && value !== '' ? value.split(',') : [];
}

/** The name a stored path shows: the part after the bucket. */
export const nameOfPath = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/** The antd file list of a field value (every stored file is done). */
export function fileListOf(value: unknown): UploadFile[] {
  return pathsOf(value).map((path) => ({ uid: path, name: nameOfPath(path), status: 'done', response: { message: path } }));
}

/** The field value of an antd file list: the stored paths of the finished files. */
export function valueOf(list: UploadFile[]): string {
  return list
    .filter((file) => file.status === 'done')
    .map((file) => (file.response as { message?: string } | undefined)?.message ?? '')
    .filter(Boolean)
    .join(',');
}

/** long-running: an upload may take more than the 9 s default (spec 000 §9) */
const UPLOAD_TIMEOUT_MS = 100_000;

/**
 * Posts one file to /sys/common/upload; resolves with the stored path only on the spec's success answer
 * (code 200), otherwise rejects with the server's message.
 */
export async function uploadToServer(
  http: HttpClient,
  file: Blob & { name: string },
  biz: string,
  signal?: AbortSignal,
  onProgress?: (loaded: number, total: number) => void,
): Promise<string> {
  const form = new FormData();
  form.append('biz', biz);
  form.append('file', file, file.name);
  const answer = await http.post<unknown>('/sys/common/upload', form, { silent: true, timeoutMs: UPLOAD_TIMEOUT_MS, signal, onUploadProgress: onProgress });
  if (!isUploadSuccess(answer)) throw new Error(answer.message);
  return answer.message;
}
