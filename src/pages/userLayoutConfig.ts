/**
 * The per-environment addresses of the user layout (spec 000 §2/§7: "base addresses … QR … are configured per
 * environment"), set at build time: VITE_QR_BASE_URL (the QR base address, default this site) and
 * VITE_RECORD_FILING (the record-filing number shown in the footer, none when unset).
 */

/** the app download page under the QR base address */
export const APP_DOWNLOAD_PATH = '/appDownload';
/** where a record-filing number links (the national filing register) */
export const RECORD_FILING_LINK = 'https://beian.miit.gov.cn/';

export function appDownloadUrl(qrBase: string | undefined, origin: string): string {
  const base = (qrBase?.trim() || origin).replace(/\/+$/, '');
  return `${base}${APP_DOWNLOAD_PATH}`;
}

export function recordFilingNumber(configured: string | undefined): string | null {
  const text = configured?.trim() ?? '';
  return text === '' ? null : text;
}
