import { Tag } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import type { DataRecord } from '../../data/DataProvider';
import type { DictOption } from '../../fields/dict/DictSource';
import { DictTagView } from '../../fields/DictTag';
import type { ColumnRender, FieldDef } from '../../model/types';

/** How a date or date-time cell shows its value. */
export const DATE_FORMATS = { date: 'YYYY-MM-DD', datetime: 'YYYY-MM-DD HH:mm:ss' } as const;

export function formatDate(value: unknown, kind: keyof typeof DATE_FORMATS): string {
  if (value === undefined || value === null || value === '') return '';
  const parsed = dayjs(value as string | number);
  return parsed.isValid() ? parsed.format(DATE_FORMATS[kind]) : String(value);
}

/** A column's render when the model names none: dictionary fields as tags, dates formatted. */
export function defaultRender(def: FieldDef): ColumnRender {
  if (def.dict) return 'dict';
  if (def.type === 'date' || def.type === 'datetime') return def.type;
  if (def.type === 'integer' || def.type === 'number') return 'number';
  return 'text';
}

/** The server's <field>_dictText, coloured by the dictionary item. */
export function dictCell(record: DataRecord, field: string, options: DictOption[] | undefined): ReactNode {
  const value = record[field];
  const option = options?.find((item) => item.value === String(value));
  const text = record[`${field}_dictText`] ?? option?.text ?? value;
  return <DictTagView text={text === undefined || text === null ? undefined : String(text)} color={option?.color} />;
}

export type ExpiryState = 'expired' | 'soon' | null;

/** Whether a date has passed, or comes within `days` days of today (both counted in whole days). */
export function expiryState(value: unknown, days: number, today = dayjs()): ExpiryState {
  if (value === undefined || value === null || value === '') return null;
  const date = dayjs(value as string).startOf('day');
  if (!date.isValid()) return null;
  const start = today.startOf('day');
  if (date.isBefore(start)) return 'expired';
  return date.diff(start, 'day') <= days ? 'soon' : null;
}

/** A date column that expires (warnWithinDays): the date, flagged 已过期 in red or 即将到期 in orange. */
export function expiryCell(value: unknown, days: number, texts: { soon: string; expired: string }): ReactNode {
  const state = expiryState(value, days);
  const date = formatDate(value, 'date');
  if (!state) return date;
  return (
    <span>
      {date} <Tag color={state === 'expired' ? 'red' : 'orange'}>{state === 'expired' ? texts.expired : texts.soon}</Tag>
    </span>
  );
}

export function plainCell(value: unknown): ReactNode {
  return value === undefined || value === null ? '' : String(value);
}
