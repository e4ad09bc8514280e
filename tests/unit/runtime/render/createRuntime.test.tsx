import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createRuntime } from '../../../../runtime/createRuntime';
import type { HttpClient } from '../../../../runtime/data/HttpClient';
import { createDefaultFieldRegistry } from '../../../../runtime/fields/defaultFields';
import { createDictSource } from '../../../../runtime/fields/dict/createDictSource';
import { ListPage } from '../../../../runtime/render/list/ListPage';
import { page, positionRecord } from './support/positionRecords';
import { servedPosition } from './support/servedModels';
import { testDataProvider } from './support/testDataProvider';
import { renderWithRuntime, testI18n, testRuntime, unreachableHttp } from './support/testRuntime';

const access = { has: () => true, subActions: () => [] };

function dictHttp(): HttpClient & { get: ReturnType<typeof vi.fn> } {
  const get = vi.fn(async () => ({
    code: 200,
    message: '',
    data: {
      enabled_state: [
        { value: '1', text: '启用', color: 'green' },
        { itemValue: '0', itemText: '禁用' },
      ],
    },
  }));
  return { ...unreachableHttp, get } as unknown as HttpClient & { get: ReturnType<typeof vi.fn> };
}

describe('createRuntime', () => {
  it('adds the render and data namespaces to the app i18next in every language', () => {
    const i18n = testI18n('en');
    const runtime = createRuntime({ http: unreachableHttp, i18n, access });
    expect(runtime.t('action.add')).toBe('Add');
    expect(i18n.getResource('zh-CN', 'render', 'warn.selectOne')).toBe('请选择一条记录！');
    expect(i18n.getResource('zh-TW', 'render', 'action.deleteBatch')).toBe('批次刪除');
    expect(i18n.hasResourceBundle('zh-CN', 'data')).toBe(true);
    expect(runtime.lang()).toBe('en');
  });

  it('builds instances that coexist: own widgets, own data providers, own texts', async () => {
    const fields = createDefaultFieldRegistry();
    fields.register('OnlyA', () => null);
    const a = testRuntime({ fields });
    const b = testRuntime({ lang: 'en' });
    expect(a.fields.has('OnlyA')).toBe(true);
    expect(b.fields.has('OnlyA')).toBe(false);
    expect(a.SchemaField).not.toBe(b.SchemaField);

    const served = servedPosition();
    const providerA = testDataProvider({ list: async () => page([positionRecord(1)]) });
    const providerB = testDataProvider({ list: async () => page([positionRecord(2)]) });
    renderWithRuntime(<ListPage served={served} dataProvider={providerA} />, a);
    renderWithRuntime(<ListPage served={servedPosition('en')} dataProvider={providerB} />, b);
    expect(await screen.findByText('检测员1')).toBeInTheDocument();
    expect(await screen.findByText('检测员2')).toBeInTheDocument();
    expect(screen.getByText('共1条')).toBeInTheDocument();
    expect(screen.getByText('Total 1 items')).toBeInTheDocument();
  });

  it('refuses a model widget the runtime does not have, naming it', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // React rethrows render errors through a window error event; jsdom prints unhandled ones with their
    // stack to its own console (not console.error). The error is expected here: mark it handled.
    const handled = (event: ErrorEvent) => event.preventDefault();
    window.addEventListener('error', handled);
    const served = servedPosition();
    served.model.list!.search = [{ field: 'fullName', 'x-component': 'OrganizeSelect' }];
    try {
      expect(() => renderWithRuntime(<ListPage served={served} dataProvider={testDataProvider({ list: async () => page([]) })} />, testRuntime())).toThrow(
        'model system.position: list.search: widget(s) "OrganizeSelect" not registered in this runtime',
      );
    } finally {
      window.removeEventListener('error', handled);
    }
  });

  it('builds one data provider per model object', () => {
    const build = vi.fn(() => testDataProvider());
    const runtime = createRuntime({ http: unreachableHttp, i18n: testI18n(), access, createDataProvider: build });
    const { model } = servedPosition();
    expect(runtime.dataProviderFor(model)).toBe(runtime.dataProviderFor(model));
    expect(build).toHaveBeenCalledTimes(1);
  });
});

describe('the default dictionary source', () => {
  it('reads /sys/dict/queryAllDictItems once and accepts every item spelling', async () => {
    const http = dictHttp();
    const dicts = createDictSource(http);
    expect(dicts.peek?.('enabled_state')).toBeUndefined();
    const [first, second] = await Promise.all([dicts.options('enabled_state'), dicts.options('unknown')]);
    expect(first).toEqual([
      { value: '1', text: '启用', color: 'green' },
      { value: '0', text: '禁用' },
    ]);
    expect(second).toEqual([]);
    expect(http.get).toHaveBeenCalledTimes(1);
    expect(http.get).toHaveBeenCalledWith('/sys/dict/queryAllDictItems');
    expect(dicts.peek?.('enabled_state')).toHaveLength(2);
  });

  it('retries after a failed load', async () => {
    const http = dictHttp();
    http.get.mockRejectedValueOnce(new Error('offline'));
    const dicts = createDictSource(http);
    await expect(dicts.options('enabled_state')).rejects.toThrow('offline');
    await expect(dicts.options('enabled_state')).resolves.toHaveLength(2);
  });

  it('is the runtime default', async () => {
    const http = dictHttp();
    const runtime = createRuntime({ http, i18n: testI18n(), access });
    await expect(runtime.dicts.options('enabled_state')).resolves.toHaveLength(2);
  });
});
