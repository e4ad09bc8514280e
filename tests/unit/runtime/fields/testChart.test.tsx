import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { HttpClient } from '../../../../runtime/data/HttpClient';
import { unreachableHttp } from '../render/support/testRuntime';
import { renderFields } from './support/renderFields';

// ECharts needs a canvas, which jsdom has not: a stand-in records what the widget draws and hands out
// numbered images, so every rebuild's PNG is told apart from the one before.
const drawn = vi.hoisted(() => ({ options: [] as unknown[], exports: [] as unknown[] }));
vi.mock('echarts', () => ({
  init: () => ({
    setOption: (option: unknown) => drawn.options.push(option),
    getDataURL: (settings: unknown) => {
      drawn.exports.push(settings);
      return `data:image/png;base64,PNG${drawn.exports.length}`;
    },
    resize: () => undefined,
    dispose: () => undefined,
  }),
}));

const POINTS = { success: true, code: 200, message: '', data: { name: '校准曲线', x: [1, 2, 3, 4, 5], y: [2.1, 3.9, 6.2, 7.8, 10.3] } };

function chartHttp() {
  const get = vi.fn(async (_url: string, _params?: Record<string, unknown>) => POINTS);
  const post = vi.fn(async (_url: string, _body?: unknown) => POINTS);
  return { http: { ...unreachableHttp, get, post } as unknown as HttpClient, get, post };
}

function renderChart(props: Record<string, unknown>, http: HttpClient, initialValues: Record<string, unknown> = {}) {
  return renderFields(
    {
      deviceName: { type: 'string', 'x-component': 'Input', 'x-component-props': { 'aria-label': '仪器名称' } },
      conclusion: { type: 'string', 'x-component': 'Input', 'x-component-props': { 'aria-label': '结论' } },
      curveChart: {
        type: 'string',
        'x-component': 'TestChart',
        'x-component-props': { url: '/online/cgreport/api/getChartData/labCalibration.curve', params: { x: 'standardValue', y: 'readingValue' }, ...props },
      },
    },
    { http, initialValues },
  );
}

const generate = async () => fireEvent.click(await screen.findByRole('button', { name: /生成图表/ }));

describe('TestChart: the chart fetch and the image handed to the form', () => {
  beforeEach(() => {
    drawn.options.length = 0;
    drawn.exports.length = 0;
  });

  it('GETs the configured URL with its params, the form’s parameter fields, degree and singleOptionalType; the form gets the PNG at pixel ratio 2', async () => {
    const { http, get, post } = chartHttp();
    const form = renderChart({ paramFields: { self_device: 'deviceName' }, degree: 3, singleOptionalType: '1' }, http, { deviceName: '扭矩扳手' });
    await generate();
    await waitFor(() => expect(form.values.curveChart).toBe('data:image/png;base64,PNG1'));
    expect(get).toHaveBeenCalledTimes(1);
    expect(post).not.toHaveBeenCalled();
    expect(get.mock.calls[0]).toEqual([
      '/online/cgreport/api/getChartData/labCalibration.curve',
      { x: 'standardValue', y: 'readingValue', self_device: '扭矩扳手', degree: 3, singleOptionalType: '1' },
    ]);
    expect(drawn.exports[0]).toMatchObject({ type: 'png', pixelRatio: 2 });
    expect(screen.getByTestId('chart-fit')).toHaveTextContent(/^y = .+x³.+ R² = \d\.\d{4}$/);
  });

  it('POSTs the same when the method is post', async () => {
    const { http, get, post } = chartHttp();
    const form = renderChart({ method: 'post', paramFields: { self_device: 'deviceName' }, singleOptionalType: 'A' }, http, { deviceName: '天平' });
    await generate();
    await waitFor(() => expect(form.values.curveChart).toBe('data:image/png;base64,PNG1'));
    expect(get).not.toHaveBeenCalled();
    expect(post.mock.calls[0]).toEqual([
      '/online/cgreport/api/getChartData/labCalibration.curve',
      { x: 'standardValue', y: 'readingValue', self_device: '天平', degree: 2, singleOptionalType: 'A' },
    ]);
  });

  it('rebuilds and hands over a new PNG when the formula or R² is toggled', async () => {
    const { http } = chartHttp();
    const form = renderChart({}, http);
    await generate();
    await waitFor(() => expect(form.values.curveChart).toBe('data:image/png;base64,PNG1'));
    fireEvent.click(screen.getByRole('checkbox', { name: 'R²' }));
    await waitFor(() => expect(form.values.curveChart).toBe('data:image/png;base64,PNG2'));
    expect(screen.getByTestId('chart-fit')).not.toHaveTextContent('R²');
    fireEvent.click(screen.getByRole('checkbox', { name: '公式' }));
    await waitFor(() => expect(form.values.curveChart).toBe('data:image/png;base64,PNG3'));
    expect(screen.getByTestId('chart-fit')).not.toHaveTextContent('y =');
    expect(drawn.options).toHaveLength(3);
  });

  it('says 请先生成图表 on a download before any chart, and fetches nothing', async () => {
    const { http, get } = chartHttp();
    const form = renderChart({}, http);
    fireEvent.click(await screen.findByRole('button', { name: /下载图表/ }));
    expect(await screen.findByText('请先生成图表')).toBeInTheDocument();
    expect(get).not.toHaveBeenCalled();
    expect(form.values.curveChart).toBeUndefined();
  });

  it('drops the image when a parameter field changes after the chart was drawn, and takes none from a rebuild of the old data', async () => {
    const { http } = chartHttp();
    const form = renderChart({ paramFields: { self_device: 'deviceName' } }, http, { deviceName: '扭矩扳手' });
    await generate();
    await waitFor(() => expect(form.values.curveChart).toBe('data:image/png;base64,PNG1'));
    // another field is no parameter of the chart: the image stays
    fireEvent.change(screen.getByLabelText('结论'), { target: { value: '合格' } });
    expect(form.values.curveChart).toBe('data:image/png;base64,PNG1');

    fireEvent.change(screen.getByLabelText('仪器名称'), { target: { value: '天平' } });
    await waitFor(() => expect(form.values.curveChart).toBe(''));
    // the toggle redraws the torque wrench's points: not this record's chart
    fireEvent.click(screen.getByRole('checkbox', { name: 'R²' }));
    await waitFor(() => expect(drawn.options).toHaveLength(2));
    expect(form.values.curveChart).toBe('');
    // generated again for the new instrument: taken
    await generate();
    await waitFor(() => expect(form.values.curveChart).toBe(`data:image/png;base64,PNG${drawn.exports.length}`));
    expect(drawn.exports.length).toBe(3);
  });

  it('keeps a stored image (edit) until a parameter field changes', async () => {
    const { http } = chartHttp();
    const form = renderChart({ paramFields: { self_device: 'deviceName' } }, http, { deviceName: '扭矩扳手', curveChart: 'data:image/png;base64,STORED' });
    await screen.findByRole('button', { name: /生成图表/ });
    fireEvent.change(screen.getByLabelText('结论'), { target: { value: '合格' } });
    expect(form.values.curveChart).toBe('data:image/png;base64,STORED');
    fireEvent.change(screen.getByLabelText('仪器名称'), { target: { value: '扭矩扳手2' } });
    await waitFor(() => expect(form.values.curveChart).toBe(''));
  });
});
