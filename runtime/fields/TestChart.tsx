import { connect, mapReadPretty, useForm } from '@formily/react';
import { Empty, Image } from 'antd';
import { useCallback } from 'react';
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

/**
 * A test chart in a form: the chart widget (chart/ChartWidget) with its fitting tools, request
 * parameters taken from the form, and the chart's PNG as the field's value — pushed again whenever a
 * toggle or the degree rebuilds it.
 */
function TestChartInput({ paramFields, value: _value, onChange, ...chart }: TestChartProps) {
  const form = useForm();
  const readParams = useCallback(
    () => Object.fromEntries(Object.entries(paramFields ?? {}).map(([name, path]) => [name, form.getValuesIn(path) as unknown])),
    [paramFields, form],
  );
  return <ChartWidget {...chart} readParams={readParams} onImage={onChange} />;
}

/** The stored image in read-only views. */
function TestChartView({ value }: { value?: string }) {
  return typeof value === 'string' && value.startsWith('data:image/png') ? <Image src={value} alt="chart" /> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />;
}

export const TestChart = connect(TestChartInput, mapReadPretty(TestChartView));
