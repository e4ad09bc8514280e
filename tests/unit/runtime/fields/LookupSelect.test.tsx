import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { HttpClient } from '../../../../runtime/data/HttpClient';
import { unreachableHttp } from '../render/support/testRuntime';
import { renderFields } from './support/renderFields';

const POSITIONS = [
  { code: 'tester', name: '检测员' },
  { code: 'auditor', name: '审核员' },
  { code: 'signer', name: '授权签字人' },
];

function positionsHttp(data: unknown = POSITIONS) {
  const get = vi.fn(async (url: string) => ({ code: 200, message: url, data }));
  return { get, http: { ...unreachableHttp, get } as unknown as HttpClient };
}

const post = (props: Record<string, unknown> = {}) => ({
  post: { type: 'string', 'x-component': 'LookupSelect', 'x-component-props': { url: '/sys/position/select', multiple: true, ...props } },
});

describe('LookupSelect', () => {
  it('loads the lookup once and keeps several choices as comma-joined codes', async () => {
    const { get, http } = positionsHttp();
    const form = renderFields(post(), { http, initialValues: { post: 'tester' } });
    expect(await screen.findByText('检测员')).toBeInTheDocument();
    expect(get).toHaveBeenCalledTimes(1);
    expect(get).toHaveBeenCalledWith('/sys/position/select', undefined, expect.anything());
    fireEvent.mouseDown(screen.getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('审核员'));
    expect(form.values.post).toBe('tester,auditor');
  });

  it('reads pretty as the labels, an unknown code as itself; takes the api {list} envelope too', async () => {
    const { http } = positionsHttp({ list: POSITIONS });
    renderFields(post(), { http, readPretty: true, initialValues: { post: 'auditor,gone' } });
    await waitFor(() => expect(screen.getByText('审核员,gone')).toBeInTheDocument());
  });

  it('offers only the rows of the chosen source value and drops a choice that stops fitting (filterBy)', async () => {
    const PROFESSIONS = [
      { id: 'road', name: '道路工程', typeId: 'highway' },
      { id: 'bridge', name: '桥梁隧道工程', typeId: 'highway' },
      { id: 'length', name: '长度', typeId: 'metrology' },
    ];
    const { http } = positionsHttp(PROFESSIONS);
    const form = renderFields(
      {
        typeId: { type: 'string', 'x-component': 'Input' },
        professions: {
          type: 'string',
          'x-component': 'LookupSelect',
          'x-component-props': { url: '/admin/profession/select', valueField: 'id', multiple: true, filterBy: { field: 'typeId', source: 'typeId' } },
        },
      },
      { http, initialValues: { typeId: 'highway', professions: 'road' } },
    );
    expect(await screen.findByText('道路工程')).toBeInTheDocument();
    fireEvent.mouseDown(screen.getByRole('combobox'));
    expect(await screen.findByTitle('桥梁隧道工程')).toBeInTheDocument();
    expect(screen.queryByTitle('长度')).not.toBeInTheDocument();
    // another type: its professions only, and the highway choice is dropped from the value
    form.setValuesIn('typeId', 'metrology');
    await waitFor(() => expect(form.values.professions).toBeUndefined());
    fireEvent.mouseDown(screen.getByRole('combobox'));
    expect(await screen.findByTitle('长度')).toBeInTheDocument();
    expect(screen.queryByTitle('桥梁隧道工程')).not.toBeInTheDocument();
  });
});
