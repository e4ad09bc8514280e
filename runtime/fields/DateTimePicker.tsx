import { DatePicker as FormilyDatePicker } from '@formily/antd-v5';
import type { ComponentProps } from 'react';

export const DATETIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

type Props = ComponentProps<typeof FormilyDatePicker>;

/** A date and time whose value in and out is a 'YYYY-MM-DD HH:mm:ss' string. */
export function DateTimePicker(props: Props) {
  return <FormilyDatePicker {...props} showTime format={DATETIME_FORMAT} />;
}
