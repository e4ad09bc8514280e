import { describe, expect, it } from 'vitest';
import { createDesignApi, type DesignApi } from '../../../designer/persistence/designApi';
import { isApiError } from '../../../runtime/data/ApiError';
import { envelope } from '../runtime/data/support/fixtures';
import { createTestClient } from '../runtime/data/support/testClient';

async function failureOf(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!isApiError(error)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

const zip = () => new File([new Uint8Array([1, 2, 3])], 'module.zip', { type: 'application/zip' });

// The designer shows a module's or a release's refusal itself, for 8 s or as a dialog; the HTTP client's
// 1.5 s toast of /api business failures (spec 000 §8 second client) would show the same message twice.
describe('the designer’s calls that show their own business failures', () => {
  const refusal = envelope('api', 'business-failure');
  it.each([
    // a download's refusal arrives as a JSON blob
    ['exportModule', (api: DesignApi) => api.exportModule(['m.x']), new Blob([JSON.stringify(refusal)], { type: 'application/json' })],
    ['previewImport', (api: DesignApi) => api.previewImport(zip()), refusal],
    ['importModule', (api: DesignApi) => api.importModule(zip(), false), refusal],
    ['release', (api: DesignApi) => api.release('1', false), refusal],
  ])('%s: the refusal reaches the designer unshown', async (_name, call, body) => {
    const { http, feedback } = createTestClient({ responder: () => ({ body }) });
    const error = await failureOf(call(createDesignApi(http)));
    expect(error).toMatchObject({ kind: 'business', notified: false });
    expect(feedback.toast).not.toHaveBeenCalled();
  });

  it('a design list that fails is shown by the HTTP client, as every other /api business failure', async () => {
    const { http, feedback } = createTestClient({ responder: () => ({ body: envelope('api', 'business-failure') }) });
    const error = await failureOf(createDesignApi(http).list());
    expect(error.notified).toBe(true);
    expect(feedback.toast).toHaveBeenCalledTimes(1);
  });
});
