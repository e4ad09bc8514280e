import { onFieldInputValueChange, type Field } from '@formily/core';
import { connect, mapReadPretty, useField, useForm, useFormEffects } from '@formily/react';
import { Empty, Image } from 'antd';
import { useCallback, useEffect, useRef } from 'react';
import type { ChartDataType } from '../report/chartOption';
import { ChartWidget } from './chart/ChartWidget';

export interface TestChartProps {
  /** the chart fetch (spec 001 §7): configured URL, GET or POST, params plus degree and singleOptionalType */
  url?: string;
  method?: 'get' | 'post';
  params?: Record<string, unknown>;
  /** request parameters read from the form when the chart is generated: parameter name -> field path */
  paramFields?: Record<string, string>;
  singleOptionalType?: string;
  dataType?: ChartDataType;
  degree?: number;
  title?: string;
  height?: number;
  /** the field's value: the chart's PNG as a data URL (imgBase64), pushed on every rebuild */
  value?: string;
  onChange?: (png: string) => void;
  disabled?: boolean;
}

/** Form values compared as text: a value the form normalises (5 and '5', '' and undefined) is the same value. */
const sameKey = (values: Record<string, unknown>): string =>
  JSON.stringify(Object.entries(values).map(([name, value]) => [name, value === undefined || value === null ? '' : String(value)]));

/**
 * A test chart in a form: the chart widget (chart/ChartWidget) with its fitting tools, request
 * parameters taken from the form, and the chart's PNG as the field's value — pushed again whenever a
 * toggle or the degree rebuilds it.
 *
 * The image stands for the form values it was drawn from: when the user changes one of the parameter
 * fields afterwards, the image no longer shows this record's data, so the value is cleared and the
 * field re-validated — a required chart then says 'please generate the chart first' (请先生成图表, the
 * model's message) until the chart is generated again. A stored image counts as drawn from the values
 * the form opened with. A toggle that rebuilds a chart fetched before such a change hands nothing over.
 */
function TestChartInput({ paramFields, value, onChange, ...chart }: TestChartProps) {
  const form = useForm();
  const field = useField<Field>();
  const readParams = useCallback(
    () => Object.fromEntries(Object.entries(paramFields ?? {}).map(([name, path]) => [name, form.getValuesIn(path) as unknown])),
    [paramFields, form],
  );
  const latest = useRef({ value, onChange, readParams });
  latest.current = { value, onChange, readParams };
  const drawnFrom = useRef<string | null>(null);

  useEffect(() => {
    // a stored image (edit): drawn from the values the form opened with
    if (drawnFrom.current === null && typeof latest.current.value === 'string' && latest.current.value !== '')
      drawnFrom.current = sameKey(latest.current.readParams());
  }, []);

  useFormEffects(() => {
    for (const path of Object.values(paramFields ?? {})) {
      onFieldInputValueChange(path, () => {
        const { value: image, onChange: change, readParams: read } = latest.current;
        if (!image || drawnFrom.current === null || sameKey(read()) === drawnFrom.current) return;
        drawnFrom.current = null;
        change?.('');
        void Promise.resolve(field.validate()).catch(() => undefined);
      });
    }
  });

  const onImage = useCallback((png: string, from: Record<string, unknown>) => {
    const key = sameKey(from);
    // a toggle rebuilding a chart fetched before a parameter changed: still the old values' image
    if (key !== sameKey(latest.current.readParams())) return;
    drawnFrom.current = key;
    latest.current.onChange?.(png);
  }, []);

  return <ChartWidget {...chart} readParams={readParams} onImage={onImage} />;
}

/** The stored image in read-only views. */
function TestChartView({ value }: { value?: string }) {
  return typeof value === 'string' && value.startsWith('data:image/png') ? <Image src={value} alt="chart" /> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />;
}

export const TestChart = connect(TestChartInput, mapReadPretty(TestChartView));
