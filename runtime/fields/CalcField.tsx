import { connect, mapReadPretty, useForm } from '@formily/react';
import { Input, Typography } from 'antd';
import { useEffect, useMemo, useRef } from 'react';
import { calculateFormula, FormulaError, parseFormula, type FormulaNode } from '../calc/calculateFormula';
import { useFieldText } from './useFieldText';

/** spec 000 §9: form calculation debounce */
export const CALC_DEBOUNCE_MS = 500;

export interface CalcFieldProps {
  value?: number;
  onChange?: (value: number) => void;
  /** e.g. 'quantity × unitPrice': the form's fields by name, numbers, + - × ÷ and parentheses */
  formula: string;
  debounce?: number;
}

type Parsed = { tree: FormulaNode; error?: undefined } | { tree?: undefined; error: string };

function parse(formula: string): Parsed {
  try {
    return { tree: parseFormula(formula) };
  } catch (error) {
    if (error instanceof FormulaError) return { error: error.message };
    throw error;
  }
}

function CalcFieldInput({ value, onChange, formula, debounce = CALC_DEBOUNCE_MS }: CalcFieldProps) {
  const form = useForm();
  const t = useFieldText();
  const parsed = useMemo(() => parse(formula), [formula]);
  // the latest value and callback without re-subscribing on every render
  const latest = useRef({ value, onChange });
  latest.current = { value, onChange };

  useEffect(() => {
    const tree = parsed.tree;
    if (!tree) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const recompute = () => {
      const next = calculateFormula(tree, form.values as Record<string, unknown>);
      if (next !== latest.current.value) latest.current.onChange?.(next);
    };
    // every form change restarts the wait: typing in an operand recomputes once, 500 ms after the last key
    const id = form.subscribe(() => {
      clearTimeout(timer);
      timer = setTimeout(recompute, debounce);
    });
    recompute();
    return () => {
      clearTimeout(timer);
      form.unsubscribe(id);
    };
  }, [form, parsed, debounce]);

  if (parsed.error) return <Typography.Text type="danger">{t('calc.invalid', { reason: parsed.error })}</Typography.Text>;
  return <Input readOnly value={value === undefined || value === null ? '' : String(value)} data-formula={formula} />;
}

function CalcFieldView({ value }: { value?: number }) {
  return <span>{value === undefined || value === null ? '' : String(value)}</span>;
}

/** A calculated field: its value follows the formula over the form's other fields (debounced 500 ms), never typed. */
export const CalcField = connect(CalcFieldInput, mapReadPretty(CalcFieldView));
