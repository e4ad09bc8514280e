import { describe, expect, it } from 'vitest';
import { assertEnvelope, contractError, previewBody } from '../../../../runtime/data/assertEnvelope';
import { isJeecgEnvelope, JEECG_ENVELOPE_SHAPE } from '../../../../runtime/data/dialects/jeecg/jeecgEnvelope';

const ctx = { dialect: 'jeecg' as const, method: 'GET', url: '/sys/user/list' };

describe('assertEnvelope', () => {
  it('passes a body of the expected shape', () => {
    expect(() => assertEnvelope({ success: true, result: null }, isJeecgEnvelope, JEECG_ENVELOPE_SHAPE, ctx)).not.toThrow();
  });

  it('names the dialect, the request, the expected shape and the start of the body', () => {
    const body = '<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head>' + 'x'.repeat(400);
    let message = '';
    try {
      assertEnvelope(body, isJeecgEnvelope, JEECG_ENVELOPE_SHAPE, ctx);
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toBe(
      `The jeecg dialect expects GET /sys/user/list to answer ${JEECG_ENVELOPE_SHAPE}, but it answered: ${body.slice(0, 200)}`,
    );
  });

  it('carries the contract kind and the client code', () => {
    expect(contractError(ctx, 'x', {}, 'CL_ERR_CONTRACT_PAYLOAD')).toMatchObject({ kind: 'contract', errorCode: 'CL_ERR_CONTRACT_PAYLOAD', url: '/sys/user/list', method: 'GET', dialect: 'jeecg' });
  });
});

describe('previewBody', () => {
  it('describes what cannot be quoted', () => {
    expect(previewBody(undefined)).toBe('(empty body)');
    expect(previewBody('')).toBe('(empty string)');
    expect(previewBody({ a: 1 })).toBe('{"a":1}');
    expect(previewBody(new Blob(['abc'], { type: 'text/html' }))).toBe('(Blob text/html, 3 bytes)');
  });

  it('keeps 200 characters of a large object', () => {
    expect(previewBody({ rows: 'y'.repeat(1000) })).toHaveLength(200);
  });
});
