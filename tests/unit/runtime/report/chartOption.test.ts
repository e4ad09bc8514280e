import { describe, expect, it } from 'vitest';
import { buildChartOption, chartSeriesOf, type ChartSettings } from '../../../../runtime/report/chartOption';

const settings = (over: Partial<ChartSettings> = {}): ChartSettings => ({ dataType: 'static', degree: 1, showFormula: true, showRSquare: true, ...over });
type Option = { xAxis: { type: string }; yAxis: { type: string }; title: { subtext: string }; series: { type: string; data: number[][] }[] };
const option = (build: { option: Record<string, unknown> }) => build.option as unknown as Option;

describe('chart option by data type', () => {
  const line = [{ name: 'A', x: [1, 2, 3, 4], y: ['3', 5, 7, 9] }];

  it('static: the points and the fitted curve on linear axes, formula and R² shown when toggled on', () => {
    const build = buildChartOption(line, settings());
    expect(build.fits).toEqual([{ name: 'A', formula: 'y = 2x + 1', formulaDisplay: 'y = 2x + 1', rSquare: 1, rSquareText: 'R² = 1.0000' }]);
    const o = option(build);
    expect([o.xAxis.type, o.yAxis.type]).toEqual(['value', 'value']);
    expect(o.series.map((s) => s.type)).toEqual(['scatter', 'line']);
    expect(o.series[1]!.data[0]![0]).toBe(1);
    expect(o.series[1]!.data[0]![1]).toBeCloseTo(3, 12);
    expect(o.series[1]!.data.at(-1)![1]).toBeCloseTo(9, 12);
    expect(o.title.subtext).toBe('y = 2x + 1\nR² = 1.0000');
    expect(option(buildChartOption(line, settings({ showFormula: false }))).title.subtext).toBe('R² = 1.0000');
    expect(option(buildChartOption(line, settings({ showFormula: false, showRSquare: false }))).title.subtext).toBe('');
  });

  it('fits every degree from 1 to 6 when there are enough points', () => {
    const points = { x: [1, 2, 3, 4, 5, 6, 7, 8], y: [1, 4, 9, 16, 25, 36, 49, 64] };
    for (let degree = 1; degree <= 6; degree++) expect(buildChartOption([points], settings({ degree })).fits).toHaveLength(1);
    expect(buildChartOption([points], settings({ degree: 2 })).fits[0]!.formula).toMatch(/^y = 1x\^2/);
    // too few points for the degree: drawn, not fitted
    expect(buildChartOption([{ x: [1, 2], y: [1, 2] }], settings({ degree: 2 })).fits).toEqual([]);
  });

  it('static_unDistribution joins the points without a fit', () => {
    const build = buildChartOption(line, settings({ dataType: 'static_unDistribution' }));
    expect(build.fits).toEqual([]);
    expect(option(build).series.map((s) => s.type)).toEqual(['line']);
  });

  it('log_unDistribution: a log x axis, the fit against lg x; points at or below zero are left out', () => {
    const build = buildChartOption([{ x: [0, 1, 10, 100], y: [5, 10, 20, 30] }], settings({ dataType: 'log_unDistribution' }));
    expect(option(build).xAxis.type).toBe('log');
    expect(option(build).yAxis.type).toBe('value');
    expect(option(build).series[0]!.data).toEqual([
      [1, 10],
      [10, 20],
      [100, 30],
    ]);
    expect(build.fits[0]!.formula).toBe('y = 10(lg x) + 10');
  });

  it('dlog_unDistribution: both axes logarithmic, a straight line between lg x and lg y', () => {
    const x = [1, 4, 16, 64];
    const build = buildChartOption([{ x, y: x.map((v) => 10 / Math.sqrt(v)) }], settings({ dataType: 'dlog_unDistribution' }));
    expect([option(build).xAxis.type, option(build).yAxis.type]).toEqual(['log', 'log']);
    expect(build.fits[0]!.formula).toBe('lg y = -0.5(lg x) + 1');
    expect(build.fits[0]!.rSquare).toBeCloseTo(1, 12);
  });

  it('default: the series as sent, with the server’s returnXList/returnYList curve', () => {
    const build = buildChartOption([{ ...line[0], returnXList: [1, 4], returnYList: [3, 9] }], settings({ dataType: 'default' }));
    expect(build.fits).toEqual([]);
    expect(option(build).series.map((s) => s.type)).toEqual(['line', 'line']);
    expect(option(build).series[1]!.data).toEqual([
      [1, 3],
      [4, 9],
    ]);
  });

  it('default over names (months): a category axis, each series on the first one’s names, lines or bars', () => {
    const months = [
      { name: '校准记录', x: ['2026-10', '2026-11'], y: [2, '5'] },
      { name: '校准数据', x: ['2026-11', '2026-10'], y: [7, 'n/a'] },
    ];
    const o = buildChartOption(months, settings({ dataType: 'default', seriesType: 'bar' })).option as unknown as {
      xAxis: { type: string; data: string[] };
      series: { name: string; type: string; data: (number | null)[] }[];
    };
    expect(o.xAxis).toMatchObject({ type: 'category', data: ['2026-10', '2026-11'] });
    expect(o.series.map((s) => [s.name, s.type, s.data])).toEqual([
      ['校准记录', 'bar', [2, 5]],
      ['校准数据', 'bar', [null, 7]],
    ]);
    expect((buildChartOption(months, settings({ dataType: 'default' })).option as { series: { type: string }[] }).series[0]!.type).toBe('line');
    // numeric x stays on a value axis
    expect(option(buildChartOption(line, settings({ dataType: 'default' }))).xAxis.type).toBe('value');
  });
});

describe('chart fetch answers', () => {
  it('reads a list of series, {series}, {list} or one series', () => {
    const one = { x: [1], y: [2] };
    expect(chartSeriesOf([one, null])).toEqual([one]);
    expect(chartSeriesOf({ series: [one] })).toEqual([one]);
    expect(chartSeriesOf({ list: [one] })).toEqual([one]);
    expect(chartSeriesOf(one)).toEqual([one]);
    expect(chartSeriesOf('nothing')).toEqual([]);
  });
});
