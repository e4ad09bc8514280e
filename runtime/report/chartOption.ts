import { fitPolynomial, formulaText, rSquareText } from '../calc/fit/index';
import { toNumber } from '../calc/readValue';

/**
 * The chart data types of spec 001 §7. How the laboratory uses them:
 * - `static`: the points and their fitted polynomial on linear axes;
 * - `static_unDistribution`: the points joined in order, linear axes, no fit;
 * - `log_unDistribution`: a logarithmic x axis (grading curves: sieve size against percent passing),
 *   the points joined, and the fit made against lg x;
 * - `dlog_unDistribution`: both axes logarithmic (the cone-penetration liquid/plastic limit line), the
 *   fit made between lg x and lg y;
 * - `default`: the series as the server sent it (its returnXList/returnYList curve when present); when
 *   the x values are names rather than numbers (months, departments), on a category axis as lines or bars.
 */
export const CHART_DATA_TYPES = ['static', 'static_unDistribution', 'log_unDistribution', 'dlog_unDistribution', 'default'] as const;
export type ChartDataType = (typeof CHART_DATA_TYPES)[number];

/** One series of the chart fetch's answer (spec 001 §3 "Chart data per series"); lists may hold numeric strings. */
export interface ChartSeriesData {
  name?: string;
  x?: unknown[];
  y?: unknown[];
  returnXList?: unknown[];
  returnYList?: unknown[];
}

export interface ChartSettings {
  dataType: ChartDataType;
  degree: number;
  showFormula: boolean;
  showRSquare: boolean;
  title?: string;
  /** how `default` series over a category axis are drawn (line when absent) */
  seriesType?: 'line' | 'bar';
}

export interface SeriesFit {
  name: string;
  /** funcFormulaStr / funcFormulaFormat */
  formula: string;
  formulaDisplay: string;
  rSquare: number;
  /** rSquareFormat */
  rSquareText: string;
}

export interface ChartBuild {
  /** an ECharts option (plain JSON) */
  option: Record<string, unknown>;
  fits: SeriesFit[];
}

const CURVE_POINTS = 100;

function pairs(xs: unknown[] | undefined, ys: unknown[] | undefined, logX: boolean, logY: boolean): [number, number][] {
  const out: [number, number][] = [];
  (xs ?? []).forEach((raw, i) => {
    const x = toNumber(raw);
    const y = toNumber(ys?.[i]);
    // a log axis has no place for zero or a negative value: such a point is left out
    if (x === null || y === null || (logX && x <= 0) || (logY && y <= 0)) return;
    out.push([x, y]);
  });
  return out;
}

/** Where the curve is fitted: lg of a logarithmic axis, the value itself on a linear one. */
const into = (value: number, log: boolean) => (log ? Math.log10(value) : value);
const outOf = (value: number, log: boolean) => (log ? 10 ** value : value);

/**
 * The ECharts option for the fetched series under the chosen data type, degree and toggles, with each
 * fitted series' formula and R² (shown on the chart only when toggled on). Pure: the widget renders
 * the option; tests check it without a canvas.
 */
export function buildChartOption(series: readonly ChartSeriesData[], settings: ChartSettings): ChartBuild {
  const { dataType } = settings;
  if (dataType === 'default' && series.some((one) => (one.x ?? []).some((x) => x !== null && x !== undefined && toNumber(x) === null))) {
    return { fits: [], option: categoryOption(series, settings) };
  }
  const logX = dataType === 'log_unDistribution' || dataType === 'dlog_unDistribution';
  const logY = dataType === 'dlog_unDistribution';
  const fitted = dataType !== 'static_unDistribution' && dataType !== 'default';
  const fits: SeriesFit[] = [];
  const drawn: Record<string, unknown>[] = [];
  series.forEach((one, index) => {
    const name = one.name ?? `#${index + 1}`;
    const points = pairs(one.x, one.y, logX, logY).sort((a, b) => a[0] - b[0]);
    drawn.push({ name, type: fitted ? 'scatter' : 'line', data: points, symbolSize: 6 });
    if (dataType === 'default') {
      const curve = pairs(one.returnXList, one.returnYList, false, false);
      if (curve.length > 0) drawn.push({ name: `${name} ~`, type: 'line', data: curve, showSymbol: false, smooth: true });
      return;
    }
    if (!fitted || points.length <= settings.degree) return;
    const fit = fitPolynomial(
      points.map(([x]) => into(x, logX)),
      points.map(([, y]) => into(y, logY)),
      settings.degree,
    );
    const from = into(points[0]![0], logX);
    const to = into(points[points.length - 1]![0], logX);
    const curve = Array.from({ length: CURVE_POINTS + 1 }, (_, i) => {
      const u = from + ((to - from) * i) / CURVE_POINTS;
      return [outOf(u, logX), outOf(fit.predict(u), logY)];
    });
    drawn.push({ name: `${name} ~`, type: 'line', data: curve, showSymbol: false });
    const variable = (text: string) => (logX || logY ? text.replace(/x/g, logX ? '(lg x)' : 'x').replace(/^y/, logY ? 'lg y' : 'y') : text);
    fits.push({
      name,
      formula: variable(formulaText(fit.coefficients)),
      formulaDisplay: variable(formulaText(fit.coefficients, { display: true })),
      rSquare: fit.rSquare,
      rSquareText: rSquareText(fit.rSquare),
    });
  });
  const notes = fits.flatMap((fit) => [...(settings.showFormula ? [fit.formulaDisplay] : []), ...(settings.showRSquare ? [fit.rSquareText] : [])]);
  return {
    fits,
    option: {
      animation: false,
      backgroundColor: '#fff',
      title: { text: settings.title ?? '', subtext: notes.join('\n'), left: 'center' },
      tooltip: { trigger: 'item' },
      legend: { bottom: 0 },
      grid: { top: 40 + 18 * notes.length, bottom: 50, left: 60, right: 30 },
      xAxis: { type: logX ? 'log' : 'value', scale: true },
      yAxis: { type: logY ? 'log' : 'value', scale: true },
      series: drawn,
    },
  };
}

/**
 * Series whose x values are names (the first series' x, in order, is the axis): each drawn as a line or
 * bar over it, a y value that is not a number drawn as a gap.
 */
function categoryOption(series: readonly ChartSeriesData[], settings: ChartSettings): Record<string, unknown> {
  const names = (series[0]?.x ?? []).map((x) => String(x ?? ''));
  return {
    animation: false,
    backgroundColor: '#fff',
    title: { text: settings.title ?? '', left: 'center' },
    tooltip: { trigger: 'axis' },
    legend: { type: 'scroll', bottom: 0 },
    grid: { top: settings.title ? 40 : 16, bottom: 48, left: 16, right: 16, containLabel: true },
    xAxis: { type: 'category', data: names, axisLabel: { interval: 0, overflow: 'truncate', width: 80 } },
    yAxis: { type: 'value', minInterval: 1 },
    series: series.map((one, index) => {
      const byName = new Map((one.x ?? []).map((x, i) => [String(x ?? ''), toNumber(one.y?.[i])]));
      return {
        name: one.name ?? `#${index + 1}`,
        type: settings.seriesType ?? 'line',
        data: names.map((name) => byName.get(name) ?? null),
        ...(settings.seriesType === 'bar' ? { barMaxWidth: 40 } : { smooth: true }),
      };
    }),
  };
}

/** The series of a chart fetch's `result`: a list of series, or an object holding one under `series`/`list`, or one series. */
export function chartSeriesOf(result: unknown): ChartSeriesData[] {
  if (Array.isArray(result)) return result.filter((s): s is ChartSeriesData => s !== null && typeof s === 'object');
  if (result && typeof result === 'object') {
    const holder = result as { series?: unknown; list?: unknown; x?: unknown };
    if (Array.isArray(holder.series)) return chartSeriesOf(holder.series);
    if (Array.isArray(holder.list)) return chartSeriesOf(holder.list);
    if (Array.isArray(holder.x)) return [result as ChartSeriesData];
  }
  return [];
}
