import { App, Button, Checkbox, Empty, Select, Space } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { MAX_DEGREE, MIN_DEGREE } from '../../calc/fit/index';
import { useRuntime } from '../../render/RuntimeProvider';
import { buildChartOption, chartSeriesOf, type ChartBuild, type ChartDataType, type ChartSeriesData } from '../../report/chartOption';
import { useFieldText } from '../useFieldText';

/** spec 001 §9: the chart image is exported as PNG at pixel ratio 2 */
export const CHART_PIXEL_RATIO = 2;

export interface ChartWidgetProps {
  /** the chart fetch (spec 001 §7): configured URL, GET or POST, params plus degree and singleOptionalType */
  url?: string;
  method?: 'get' | 'post';
  params?: Record<string, unknown>;
  /** more request parameters, read when the chart is generated (a form's values) */
  readParams?: () => Record<string, unknown>;
  /** series given instead of fetched */
  data?: ChartSeriesData[];
  singleOptionalType?: string;
  dataType?: ChartDataType;
  /** how `default` series over names (months, departments) are drawn */
  seriesType?: 'line' | 'bar';
  degree?: number;
  title?: string;
  height?: number;
  /** drawn as soon as shown, without the degree, toggles and buttons (a dashboard's chart) */
  autoGenerate?: boolean;
  /**
   * the chart's PNG (pixel ratio 2) after every rebuild, with the readParams values its series were
   * fetched with (empty for given series)
   */
  onImage?: (png: string, drawnFrom: Record<string, unknown>) => void;
  disabled?: boolean;
  /** the drawing's accessible name */
  label?: string;
}

type EChartsModule = typeof import('echarts');
type Chart = ReturnType<EChartsModule['init']>;

const pngOf = (chart: Chart) => chart.getDataURL({ type: 'png', pixelRatio: CHART_PIXEL_RATIO, backgroundColor: '#fff' });

/**
 * The chart widget of every model and of the home page: fetches the series (or takes them), fits
 * degree 1–6 where the data type fits (runtime/calc/fit), draws with ECharts — loaded on first use only,
 * so no screen without a chart carries it — and follows its box's width. Toggling the formula or R², or
 * changing the degree, rebuilds the chart and hands its PNG to onImage (TestChart: the form's value).
 */
export function ChartWidget({
  url,
  method = 'get',
  params,
  readParams,
  data,
  singleOptionalType,
  dataType = 'static',
  seriesType,
  degree: initialDegree = 2,
  title,
  height = 360,
  autoGenerate = false,
  onImage,
  disabled,
  label,
}: ChartWidgetProps) {
  const { http } = useRuntime();
  const t = useFieldText();
  const { message } = App.useApp();
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<Chart | null>(null);
  const observer = useRef<ResizeObserver | null>(null);
  const [fetched, setFetched] = useState<ChartSeriesData[] | null>(null);
  // the readParams values the fetched series answer (the image is handed over with them)
  const fetchedFrom = useRef<Record<string, unknown>>({});
  const [degree, setDegree] = useState(initialDegree);
  const [showFormula, setShowFormula] = useState(true);
  const [showRSquare, setShowRSquare] = useState(true);
  const [build, setBuild] = useState<ChartBuild | null>(null);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const series = data ?? fetched;

  const generate = useCallback(async () => {
    if (!url) return;
    setLoading(true);
    setFailed(false);
    try {
      const read = readParams?.() ?? {};
      const sent = { ...params, ...read, degree, singleOptionalType };
      const answer = method === 'post' ? await http.post<unknown>(url, sent) : await http.get<unknown>(url, sent);
      fetchedFrom.current = read;
      setFetched(chartSeriesOf(answer.data));
    } catch (error) {
      setFailed(true);
      throw error;
    } finally {
      setLoading(false);
    }
  }, [url, method, params, readParams, degree, singleOptionalType, http]);

  useEffect(() => {
    // the http client has already told the user why a fetch failed
    if (autoGenerate && !data) generate().catch(() => undefined);
    // a dashboard chart is fetched once, when first shown
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [autoGenerate, data, url]);

  useEffect(() => {
    if (!series || !box.current) return;
    let cancelled = false;
    const next = buildChartOption(series, { dataType, degree, showFormula, showRSquare, title, seriesType });
    setBuild(next);
    void import('echarts').then((echarts) => {
      if (cancelled || !box.current) return;
      if (!chart.current) {
        const created = echarts.init(box.current);
        chart.current = created;
        observer.current = new ResizeObserver(() => created.resize());
        observer.current.observe(box.current);
      }
      chart.current.setOption(next.option, true);
      onImage?.(pngOf(chart.current), data ? {} : fetchedFrom.current);
    });
    return () => {
      cancelled = true;
    };
    // onImage changes identity on every form render; the chart is rebuilt only when what it shows changes
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [series, dataType, degree, showFormula, showRSquare, title, seriesType]);

  useEffect(
    () => () => {
      observer.current?.disconnect();
      chart.current?.dispose();
    },
    [],
  );

  const download = () => {
    if (!chart.current || !series) {
      void message.warning(t('chart.generateFirst'));
      return;
    }
    const link = document.createElement('a');
    link.href = pngOf(chart.current);
    link.download = `${title || 'chart'}.png`;
    link.click();
  };

  const drawing = <div ref={box} role="img" aria-label={label ?? title} style={{ width: '100%', height }} />;
  if (autoGenerate) {
    return (
      <div data-testid="chart-widget" aria-busy={loading}>
        {failed ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} /> : drawing}
      </div>
    );
  }
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
        <Button type="primary" loading={loading} disabled={disabled || !url} onClick={() => void generate().catch(() => undefined)}>
          {t('chart.generate')}
        </Button>
        <Button onClick={download}>{t('chart.download')}</Button>
      </Space>
      {drawing}
      {build?.fits.map((fit) => (
        <div key={fit.name} data-testid="chart-fit">
          {showFormula && <span>{fit.formulaDisplay}</span>} {showRSquare && <span>{fit.rSquareText}</span>}
        </div>
      ))}
    </Space>
  );
}

export default ChartWidget;
