import { describe, expect, it } from 'vitest';
import { createModelLoader } from '../../../../runtime/data/createModelLoader';
import type { Lang, ServedModel } from '../../../../runtime/model/types';
import { positionModel } from './support/dialectModels';
import type { CapturedRequest } from './support/fakeServer';
import { createTestClient } from './support/testClient';

function served(lang: Lang): ServedModel {
  return {
    model: positionModel,
    lang,
    texts: lang === 'en' ? { 岗位管理: 'Positions', 岗位名称: 'Position name' } : {},
    patterns: { code: { regex: '^[A-Za-z0-9_-]+$', message: lang === 'en' ? 'Letters, digits, - and _ only' : '只能包含字母、数字、-和_' } },
  };
}

/** the server: answers each model request in the language it was asked in */
const answerServed = (request: CapturedRequest) => ({
  body: { success: true, code: 200, message: '', result: served(request.headers['Accept-Language'] as Lang), timestamp: 0 },
});

function setup(responder: (r: CapturedRequest) => unknown = answerServed) {
  const client = createTestClient({ responder: responder as never });
  const loader = createModelLoader(client.http, () => client.state.lang);
  return { ...client, loader };
}

describe('createModelLoader', () => {
  it('GETs /system/model/{id} without _t, so the ETag can answer', async () => {
    const { loader, server } = setup();
    await expect(loader.load('system.position')).resolves.toEqual(served('zh-CN'));
    expect(server.last).toMatchObject({ method: 'GET', url: '/system/model/system.position', query: '' });
  });

  it('keeps a model per language', async () => {
    const { loader, server, state } = setup();
    await loader.load('system.position');
    await loader.load('system.position');
    expect(server.requests).toHaveLength(1);
    // 1. another language is another entry, fetched in that language
    state.lang = 'en';
    await expect(loader.load('system.position')).resolves.toMatchObject({ lang: 'en', texts: { 岗位管理: 'Positions' } });
    expect(server.last.headers['Accept-Language']).toBe('en');
    // 2. back to the first language: still kept
    state.lang = 'zh-CN';
    await loader.load('system.position');
    expect(server.requests).toHaveLength(2);
  });

  it('shares one request between callers loading the same model at the same time', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { loader, server } = setup(async (r) => (await gate, answerServed(r)));
    const loads = [loader.load('system.position'), loader.load('system.position'), loader.load('system.position')];
    release();
    const [a, b, c] = await Promise.all(loads);
    expect(server.requests).toHaveLength(1);
    expect(a).toBe(b);
    expect(b).toBe(c);
  });

  it('lets one caller give up without cancelling the load for the others', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { loader } = setup(async (r) => (await gate, answerServed(r)));
    const controller = new AbortController();
    const abandoned = loader.load('system.position', controller.signal);
    const kept = loader.load('system.position');
    controller.abort();
    await expect(abandoned).rejects.toMatchObject({ name: 'AbortError' });
    release();
    await expect(kept).resolves.toMatchObject({ lang: 'zh-CN' });
  });

  it('forgets a failed load, so the next one retries', async () => {
    let fail = true;
    const { loader, server } = setup((r) => (fail ? { status: 404, body: { success: false, code: 404, message: '模型不存在：x', error: 'CL_ERR_MODEL_UNKNOWN' } } : answerServed(r)));
    await expect(loader.load('system.position')).rejects.toMatchObject({ kind: 'notFound', errorCode: 'CL_ERR_MODEL_UNKNOWN' });
    fail = false;
    await expect(loader.load('system.position')).resolves.toMatchObject({ lang: 'zh-CN' });
    expect(server.requests).toHaveLength(2);
  });

  it('clear() forgets every model, and a load in flight does not come back into the cache', async () => {
    let release: () => void = () => {};
    let gate = new Promise<void>((resolve) => (release = resolve));
    const { loader, server } = setup(async (r) => (await gate, answerServed(r)));
    const inFlight = loader.load('system.position');
    loader.clear();
    release();
    await inFlight;
    gate = Promise.resolve();
    await loader.load('system.position');
    expect(server.requests).toHaveLength(2);
    loader.clear();
    await loader.load('system.position');
    expect(server.requests).toHaveLength(3);
  });

  it('encodes the id into the path', async () => {
    const { loader, server } = setup();
    await loader.load('lab/sample x');
    expect(server.last.url).toBe('/system/model/lab%2Fsample%20x');
  });

  it('rejects an answer that is not a served model with a contract error', async () => {
    const { loader } = setup(() => ({ body: { success: true, code: 200, message: '', result: positionModel } }));
    const error = await loader.load('system.position').catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'contract', errorCode: 'CL_ERR_CONTRACT_PAYLOAD' });
    expect((error as Error).message).toContain('GET /system/model/system.position');
  });
});
