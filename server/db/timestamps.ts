import dayjs from 'dayjs';

export const DATETIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const DATE_FORMAT = 'YYYY-MM-DD';

/** The server's local time as record stamps store it. */
export function nowText(at: number = Date.now()): string {
  return dayjs(at).format(DATETIME_FORMAT);
}
