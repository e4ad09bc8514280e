import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { DATE_FORMAT } from '../../format/formatters';

// The search bar's date widgets, loaded with the first list that searches by date (rc-picker is ~30 KB gzip).
// Values in and out are 'YYYY-MM-DD' strings, as the criteria and the server expect.

const toDay = (value: unknown): Dayjs | null => (typeof value === 'string' && value !== '' ? dayjs(value, DATE_FORMAT) : null);
const toText = (value: Dayjs | null | undefined): string | undefined => value?.format(DATE_FORMAT);

export interface SearchDateProps {
  id?: string;
  value?: unknown;
  onChange(value: unknown): void;
  placeholder?: string | [string, string];
}

export function SearchDate({ id, value, onChange, placeholder }: SearchDateProps) {
  return (
    <DatePicker
      id={id}
      style={{ width: '100%' }}
      format={DATE_FORMAT}
      value={toDay(value)}
      placeholder={typeof placeholder === 'string' ? placeholder : undefined}
      onChange={(day) => onChange(toText(day))}
    />
  );
}

export function SearchDateRange({ id, value, onChange, placeholder }: SearchDateProps) {
  const [from, to] = Array.isArray(value) ? value : [];
  return (
    <DatePicker.RangePicker
      id={id}
      style={{ width: '100%' }}
      format={DATE_FORMAT}
      allowEmpty={[true, true]}
      value={[toDay(from), toDay(to)]}
      placeholder={Array.isArray(placeholder) ? placeholder : undefined}
      onChange={(days) => onChange([toText(days?.[0]), toText(days?.[1])])}
    />
  );
}
