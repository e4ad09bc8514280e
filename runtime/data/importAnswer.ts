import { assertEnvelope, type RequestContext } from './assertEnvelope';
import type { ImportAnswer } from './DataProvider';
import { isObject } from './dialects/envelopeFields';
import type { NormalizedResponse } from './HttpClient';

interface ImportCounts {
  totalCount: number;
  successCount?: number;
  errorCount?: number;
  fileUrl?: string;
  fileName?: string;
}

const IMPORTED_SHAPE = '{totalCount, successCount, errorCount} as the payload';
const REJECTED_SHAPE = 'code 201 with {totalCount, errorCount, fileUrl, fileName} as the payload';

const isCounts = (data: unknown): data is ImportCounts => isObject(data) && typeof data.totalCount === 'number';
const isRejection = (data: unknown): data is ImportCounts & { fileUrl: string } => isCounts(data) && typeof data.fileUrl === 'string';

/**
 * An import's answer (docs/api.md "Excel import and export"): code 200 imported every row; code 201
 * imported none and names the report of refused rows (row, column, reason) to download.
 */
export function toImportAnswer(response: NormalizedResponse, ctx: RequestContext): ImportAnswer {
  if (response.code === 201) {
    assertEnvelope(response.data, isRejection, REJECTED_SHAPE, ctx, 'CL_ERR_CONTRACT_PAYLOAD');
    const { totalCount, errorCount = 0, fileUrl, fileName } = response.data;
    return { imported: false, message: response.message, totalCount, errorCount, fileUrl, fileName: fileName || fileUrl.split('/').pop() || fileUrl };
  }
  assertEnvelope(response.data, isCounts, IMPORTED_SHAPE, ctx, 'CL_ERR_CONTRACT_PAYLOAD');
  return { imported: true, message: response.message, count: response.data.successCount ?? response.data.totalCount };
}
