import type { HttpClient } from '../../data/HttpClient';
import type { ChunkTransport, MergedFile } from '../../upload/createChunkedUpload';

const LONG_MS = 100_000;

/** The chunked uploader's calls (api-contract.md) over the runtime's HttpClient. */
export function httpChunkTransport(http: HttpClient, bucket: string): ChunkTransport {
  const planParams = (plan: Parameters<ChunkTransport['check']>[0]) => ({
    identifier: plan.identifier,
    totalSize: plan.totalSize,
    totalChunks: plan.totalChunks,
    chunkSize: plan.chunkSize,
  });
  return {
    async check(plan, signal) {
      const answer = await http.get<{ chunkNumbers: number[]; merge: boolean; uploaded?: boolean }>('/api/file/chunk', planParams(plan), {
        signal,
        silent: true,
      });
      return answer.data;
    },
    async send(plan, chunkNumber, chunk, signal) {
      const form = new FormData();
      // fields before the file: the server reads them before it streams the chunk to disk
      for (const [name, value] of Object.entries({ ...planParams(plan), chunkNumber, currentChunkSize: chunk.size, fileName: plan.fileName }))
        form.append(name, String(value));
      form.append('file', chunk, plan.fileName);
      await http.post('/api/file/chunk', form, { signal, silent: true, timeoutMs: LONG_MS });
    },
    async merge(plan, signal) {
      const answer = await http.post<MergedFile>(
        '/api/file/merge',
        { identifier: plan.identifier, fileName: plan.fileName, fileSize: plan.totalSize, type: bucket },
        { signal, silent: true, timeoutMs: LONG_MS },
      );
      return answer.data;
    },
  };
}
