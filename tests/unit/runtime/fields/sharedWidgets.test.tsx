import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HttpClient } from '../../../../runtime/data/HttpClient';
import { unreachableHttp } from '../render/support/testRuntime';
import { renderFields } from './support/renderFields';

// The shared widgets of spec 000 §2 as Formily fields: edit and read-pretty, with the spec's rules.

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('Barcode', () => {
  // jsdom has no canvas; JsBarcode measures the caption text with one
  const measuring = () =>
    vi
      .spyOn(HTMLCanvasElement.prototype, 'getContext')
      .mockReturnValue({ font: '', measureText: (text: string) => ({ width: text.length * 6 }) } as unknown as CanvasRenderingContext2D);

  it('draws code128 for letters and digits, with bar height 40', async () => {
    measuring();
    renderFields({ code: { type: 'string', 'x-component': 'Barcode' } }, { readPretty: true, initialValues: { code: 'AB12cd' } });
    const svg = await screen.findByRole('img', { name: 'AB12cd' });
    await waitFor(() => expect(svg.querySelectorAll('rect').length).toBeGreaterThan(10));
    expect(svg.getAttribute('height')).toMatch(/^\d+px$/);
    expect([...svg.querySelectorAll('g rect')].some((rect) => rect.getAttribute('height') === '40')).toBe(true);
  });

  it('refuses anything but letters and digits', async () => {
    renderFields({ code: { type: 'string', 'x-component': 'Barcode' } }, { initialValues: { code: 'AB-1' } });
    expect(await screen.findByText('条码只能包含字母和数字')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });
});

describe('QrCode', () => {
  it('shows antd QRCode at size 40 for the value, nothing when empty', async () => {
    renderFields(
      { a: { type: 'string', 'x-component': 'QrCode' }, b: { type: 'string', 'x-component': 'QrCode' } },
      { readPretty: true, initialValues: { a: 'S-001' } },
    );
    await waitFor(() => expect(document.querySelectorAll('.ant-qrcode')).toHaveLength(1));
    const svg = document.querySelector('.ant-qrcode svg') as SVGElement;
    expect(svg.getAttribute('height')).toBe('40');
  });
});

describe('AmountCapitals', () => {
  it('shows the amount in capitals while typing and read-only', async () => {
    renderFields({ amount: { type: 'number', 'x-component': 'AmountCapitals' } }, { initialValues: { amount: 1234.5 } });
    expect(await screen.findByText('壹仟贰佰叁拾肆元伍角')).toBeInTheDocument();
  });

  it('reads pretty as the number and its capitals; too large says so', async () => {
    renderFields({ amount: { type: 'number', 'x-component': 'AmountCapitals' } }, { readPretty: true, initialValues: { amount: 1e13 } });
    expect(await screen.findByText('金额过大无法计算')).toBeInTheDocument();
  });
});

describe('CalcField', () => {
  it('follows its formula over the other fields, 500 ms after the last change', async () => {
    const form = renderFields(
      {
        quantity: { type: 'number', 'x-component': 'NumberPicker' },
        unitPrice: { type: 'number', 'x-component': 'NumberPicker' },
        total: { type: 'number', 'x-component': 'CalcField', 'x-component-props': { formula: '(quantity × unitPrice) ÷ 3' } },
      },
      { initialValues: { quantity: 2, unitPrice: 5 } },
    );
    await waitFor(() => expect(form.values.total).toBe(3.33));
    vi.useFakeTimers();
    act(() => void form.setValuesIn('quantity', 3));
    act(() => vi.advanceTimersByTime(499));
    expect(form.values.total).toBe(3.33);
    act(() => void form.setValuesIn('unitPrice', 'x'));
    act(() => vi.advanceTimersByTime(499));
    expect(form.values.total).toBe(3.33);
    act(() => vi.advanceTimersByTime(1));
    expect(form.values.total).toBe(0);
  });

  it('says what is wrong with a formula whose operands and operators do not alternate', async () => {
    renderFields({ total: { type: 'number', 'x-component': 'CalcField', 'x-component-props': { formula: 'a + × b' } } });
    expect(await screen.findByText('计算公式有误：an operand is expected, not "×"')).toBeInTheDocument();
  });
});

describe('CronInput', () => {
  it('names each part and every range problem', async () => {
    const form = renderFields({ cron: { type: 'string', 'x-component': 'CronInput' } }, { initialValues: { cron: '0 0 24 * * ? 2018' } });
    expect(await screen.findByText('时：24不在0-23之间')).toBeInTheDocument();
    expect(screen.getByText('年：2018不在2019-2119之间')).toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox'), { target: { value: '0 0 12 ? * 2#1 *' } });
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(form.values.cron).toBe('0 0 12 ? * 2#1 *');
    expect(document.querySelector('[data-cron-part="week"]')).toHaveTextContent('周 2#1');
  });

  it('speaks English from the same resources', async () => {
    renderFields({ cron: { type: 'string', 'x-component': 'CronInput' } }, { initialValues: { cron: '* * *' }, lang: 'en' });
    expect(await screen.findByText('An expression has 7 parts (second minute hour day month week year), not 3')).toBeInTheDocument();
  });
});

describe('DictSearchSelect', () => {
  it('asks nothing for an empty keyword, debounces the search and says when nothing is found', async () => {
    const get = vi.fn(async (url: string, params?: Record<string, unknown>) => ({
      code: 200,
      message: '',
      data: params?.keyword === '铁' ? [{ value: 'S01', text: '铁样品A' }] : [],
    }));
    const http = { ...unreachableHttp, get } as unknown as HttpClient;
    const form = renderFields(
      { sample: { type: 'string', 'x-component': 'DictSearchSelect', 'x-component-props': { dict: 'lab_sample,sample_name,id' } } },
      { http },
    );
    const input = await screen.findByRole('combobox');
    expect(screen.getByText('请输入搜索内容')).toBeInTheDocument();

    vi.useFakeTimers();
    fireEvent.change(input, { target: { value: ' ' } });
    act(() => vi.advanceTimersByTime(1000));
    expect(get).not.toHaveBeenCalled();

    fireEvent.change(input, { target: { value: '铜' } });
    act(() => vi.advanceTimersByTime(299));
    fireEvent.change(input, { target: { value: '铁' } });
    act(() => vi.advanceTimersByTime(299));
    expect(get).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTime(1));
    expect(get).toHaveBeenCalledTimes(1);
    expect(get.mock.calls[0]?.slice(0, 2)).toEqual(['/sys/dict/loadDict/lab_sample,sample_name,id', { keyword: '铁' }]);
    vi.useRealTimers();
    fireEvent.click(await screen.findByText('铁样品A'));
    expect(form.values.sample).toBe('S01');
  });

  it('shows no data found for an empty answer', async () => {
    const http = { ...unreachableHttp, get: async () => ({ code: 200, message: '', data: [] }) } as unknown as HttpClient;
    renderFields(
      { sample: { type: 'string', 'x-component': 'DictSearchSelect', 'x-component-props': { dict: 'lab_sample,sample_name,id', debounce: 800 } } },
      { http },
    );
    fireEvent.change(await screen.findByRole('combobox'), { target: { value: 'zzz' } });
    expect(await screen.findByText('未找到数据', {}, { timeout: 2000 })).toBeInTheDocument();
  });
});

/**
 * A small /api/system/Area as the server answers it: the Selector gives a level's enabled areas, Info an
 * area with its parent, GetAreaByIds the names of a path. The picker reads nothing else.
 */
function areaServer() {
  const areas: Record<string, { parentId: string; fullName: string; enabledMark: number }> = {
    '110000': { parentId: '86', fullName: '北京市', enabledMark: 1 },
    '110100': { parentId: '110000', fullName: '市辖区', enabledMark: 1 },
    '110101': { parentId: '110100', fullName: '东城区', enabledMark: 1 },
    '130000': { parentId: '86', fullName: '河北省', enabledMark: 1 },
    '130100': { parentId: '130000', fullName: '石家庄市', enabledMark: 1 },
    '130200': { parentId: '130000', fullName: '唐山市', enabledMark: 0 },
    '990000': { parentId: '86', fullName: '停用省', enabledMark: 0 },
  };
  const ok = (data: unknown) => Promise.resolve({ code: 200, message: '', data });
  const get = vi.fn((url: string) => {
    const selector = /^\/api\/system\/Area\/0\/Selector\/(\w+)$/.exec(url);
    if (selector) {
      const list = Object.entries(areas)
        .filter(([, area]) => area.parentId === selector[1] && area.enabledMark === 1)
        .map(([id, area]) => ({ id, ...area, isLeaf: !Object.values(areas).some((child) => child.parentId === id) }));
      return ok({ list });
    }
    const info = /^\/api\/system\/Area\/(\w+)\/Info$/.exec(url);
    if (info && areas[info[1]!]) return ok({ id: info[1], ...areas[info[1]!] });
    return Promise.reject(new Error(`unexpected GET ${url}`));
  });
  const post = vi.fn((url: string, body: { idsList: string[][] }) => {
    if (url !== '/api/system/Area/GetAreaByIds') return Promise.reject(new Error(`unexpected POST ${url}`));
    return ok(body.idsList.map((path) => path.map((id) => areas[id]?.fullName ?? '')));
  });
  return { http: { ...unreachableHttp, get, post } as unknown as HttpClient, get, post };
}

describe('AreaPicker', () => {
  it('reads pretty as the names of the stored code path, from Info and GetAreaByIds', async () => {
    const { http, post } = areaServer();
    renderFields({ region: { type: 'string', 'x-component': 'AreaPicker' } }, { readPretty: true, initialValues: { region: '110101' }, http });
    expect(await screen.findByText('北京市/市辖区/东城区')).toBeInTheDocument();
    expect(post).toHaveBeenCalledWith('/api/system/Area/GetAreaByIds', { idsList: [['110000', '110100', '110101']] }, expect.anything());
  });

  it('offers the enabled areas level by level from the server and stores the last code chosen', async () => {
    const { http, get } = areaServer();
    const form = renderFields({ region: { type: 'string', 'x-component': 'AreaPicker' } }, { http });
    fireEvent.mouseDown(await screen.findByRole('combobox'));
    fireEvent.click(await screen.findByText('河北省'));
    fireEvent.click(await screen.findByText('石家庄市'));
    await waitFor(() => expect(form.values.region).toBe('130100'));
    // disabled areas (a province, a city) are not offered
    expect(screen.queryByText('停用省')).not.toBeInTheDocument();
    expect(screen.queryByText('唐山市')).not.toBeInTheDocument();
    expect(get.mock.calls.map((call) => call[0])).toEqual(expect.arrayContaining(['/api/system/Area/0/Selector/86', '/api/system/Area/0/Selector/130000']));
  });

  it('shows a stored value with the names the server gives before its levels are read', async () => {
    const { http } = areaServer();
    renderFields({ region: { type: 'string', 'x-component': 'AreaPicker', 'x-component-props': { depth: 3 } } }, { initialValues: { region: '110101' }, http });
    expect(await screen.findByText('北京市 / 市辖区 / 东城区')).toBeInTheDocument();
  });
});
