import { connect, mapReadPretty } from '@formily/react';
import { NumberRangeInput, type NumberRangeProps } from './NumberRangeInput';

export type { NumberRangeProps, NumberRangeValue } from './NumberRangeInput';

function NumberRangeText({ value }: NumberRangeProps) {
  const [from, to] = value ?? [undefined, undefined];
  return <span>{`${from ?? ''} ~ ${to ?? ''}`}</span>;
}

/** Two numbers, from and to, for range search on number fields. */
export const NumberRange = connect(NumberRangeInput, mapReadPretty(NumberRangeText));
