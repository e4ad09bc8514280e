import { connect, mapReadPretty, useForm } from '@formily/react';
import { App, Button, Checkbox, Empty, Image, Select, Space } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { MAX_DEGREE, MIN_DEGREE } from '../calc/fit/index';
import { useRuntime } from '../render/RuntimeProvider';
import { buildChartOption, chartSeriesOf, type ChartBuild, type ChartDataType, type ChartSeriesData } from '../report/chartOption';
import { useFieldText } from './useFieldText';

/** spec 001 §9: the chart image is exported as PNG at pixel ratio 2 */
export const CHART_PIXEL_RATIO = 2;

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

type EChartsModule = typeof import('echarts');
type Chart = ReturnType<EChartsModule['init']>;

/**
 * A test chart: fetches the series, fits degree 1–6 (runtime/calc/fit), draws it with ECharts — loaded
 * on first use only, so no other screen carries it — and pushes the PNG to the form as the field's
 * value. Toggling the formula or R², or changing the degree, rebuilds the chart and pushes again.
 */
function TestChartInput({
  url,
  method = 'get',
  params,
  paramFields,
  singleOptionalType,
  dataType = 'static',
  degree: initialDegree = 2,
  title,
  height = 360,
  onChange,
  disabled,
}: TestChartProps) {
  const { http } = useRuntime();
  const form = useForm();
  const t = useFieldText();
  const { message } = App.useApp();
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<Chart | null>(null);
  const [series, setSeries] = useState<ChartSeriesData[] | null>(null);
  const [degree, setDegree] = useState(initialDegree);
  const [showFormula, setShowFormula] = useState(true);
  const [showRSquare, setShowRSquare] = useState(true);
  const [build, setBuild] = useState<ChartBuild | null>(null);
  const [loading, setLoading] = useState(false);

  const generate = useCallback(async () => {
    if (!url) return;
    setLoading(true);
    try {
      const fromForm = Object.fromEntries(Object.entries(paramFields ?? {}).map(([name, path]) => [name, form.getValuesIn(path) as unknown]));
      const sent = { ...params, ...fromForm, degree, singleOptionalType };
      const answer = method === 'post' ? await http.post<unknown>(url, sent) : await http.get<unknown>(url, sent);
      setSeries(chartSeriesOf(answer.data));
    } finally {
      setLoading(false);
    }
  }, [url, method, params, paramFields, form, degree, singleOptionalType, http]);

  useEffect(() => {
    if (!series || !box.current) return;
    let cancelled = false;
    const next = buildChartOption(series, { dataType, degree, showFormula, showRSquare, title });
    setBuild(next);
    void import('echarts').then((echarts) => {
      if (cancelled || !box.current) return;
      chart.current ??= echarts.init(box.current);
      const current = chart.current;
      current.setOption(next.option, true);
      onChange?.(current.getDataURL({ type: 'png', pixelRatio: CHART_PIXEL_RATIO, backgroundColor: '#fff' }));
    });
    return () => {
      cancelled = true;
    };
    // onChange changes identity on every form render; the chart is rebuilt only when what it shows changes
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [series, dataType, degree, showFormula, showRSquare, title]);

  useEffect(() => () => chart.current?.dispose(), []);

  const download = () => {
    if (!chart.current || !series) {
      void message.warning(t('chart.generateFirst'));
      return;
    }
    const link = document.createElement('a');
    link.href = chart.current.getDataURL({ type: 'png', pixelRatio: CHART_PIXEL_RATIO, backgroundColor: '#fff' });
    link.download = `${title || 'chart'}.png`;
    link.click();
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="test-chart">
      <Space wrap>
        <span>{t('chart.degree')}</span>
        <Select
          aria-label={t('chart.degree')}
          value={degree}
          disabled={disabled}
          style={{ width: 80 }}
          options={Array.from({ length: MAX_DEGREE - MIN_DEGREE + 1 }, (_, i) => ({ value: MIN_DEGREE + i, label: String(MIN_DEGREE + i) }))}
          onChange={setDegree}
        />
        <Checkbox checked={showFormula} onChange={(e) => setShowFormula(e.target.checked)}>
          {t('chart.formula')}
        </Checkbox>
        <Checkbox checked={showRSquare} onChange={(e) => setShowRSquare(e.target.checked)}>
          R²
        </Checkbox>
        <Button type="primary" loading={loading} disabled={disabled || !url} onClick={() => void generate()}>
          {t('chart.generate')}
        </Button>
        <Button onClick={download}>{t('chart.download')}</Button>
      </Space>
      <div ref={box} style={{ width: '100%', height }} />
      {build?.fits.map((fit) => (
        <div key={fit.name} data-testid="chart-fit">
          {showFormula && <span>{fit.formulaDisplay}</span>} {showRSquare && <span>{fit.rSquareText}</span>}
        </div>
      ))}
    </Space>
  );
}

/** The stored image in read-only views. */
function TestChartView({ value }: { value?: string }) {
  return typeof value === 'string' && value.startsWith('data:image/png') ? <Image src={value} alt="chart" /> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />;
}

export const TestChart = connect(TestChartInput, mapReadPretty(TestChartView));
