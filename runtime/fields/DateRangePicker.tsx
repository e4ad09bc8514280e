import { DatePicker as FormilyDatePicker } from '@formily/antd-v5';
import type { ComponentProps } from 'react';
import { DATE_FORMAT } from './DatePicker';

type Props = ComponentProps<typeof FormilyDatePicker.RangePicker>;

/** A day range for search bars: the value is ['YYYY-MM-DD', 'YYYY-MM-DD'] (either end may be empty). */
export function DateRangePicker(props: Props) {
  return <FormilyDatePicker.RangePicker allowEmpty={[true, true]} {...props} format={DATE_FORMAT} />;
}
