import { DatePicker as FormilyDatePicker } from '@formily/antd-v5';
import type { ComponentProps } from 'react';

export const DATE_FORMAT = 'YYYY-MM-DD';

type Props = ComponentProps<typeof FormilyDatePicker>;

/**
 * A date whose value in and out is a 'YYYY-MM-DD' string (Formily's adapter converts dayjs <-> string by
 * `format`, so the format is fixed here rather than left to the model).
 */
export function DatePicker(props: Props) {
  return <FormilyDatePicker {...props} format={DATE_FORMAT} />;
}
