import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../runtime/data/ApiError';
import { describeError } from '../../../../runtime/data/describeError';
import { isAbortError } from '../../../../runtime/data/isAbortError';
import { translator } from './support/testClient';

const error = (kind: ApiError['kind'], message: string) => new ApiError({ kind, message, status: 200, code: 500, url: '/sys/x', method: 'GET', dialect: 'jeecg' });

describe('describeError', () => {
  const t = translator('zh-CN');

  it('shows the message of a server failure', () => {
    expect(describeError(error('business', '旧密码输入错误'), t)).toBe('旧密码输入错误');
  });

  it('shows the catalogue text, not the developer text, for a contract error', () => {
    expect(describeError(error('contract', 'The jeecg dialect expects …'), t)).toBe('返回数据类型无法识别');
  });

  it('falls back to 请求出错，请重试', () => {
    expect(describeError(new TypeError('x is undefined'), t)).toBe('请求出错，请重试');
    expect(describeError(error('business', ''), t)).toBe('请求出错，请重试');
  });
});

describe('isAbortError', () => {
  it('recognises the default abort reason and nothing else', () => {
    const controller = new AbortController();
    controller.abort();
    expect(isAbortError(controller.signal.reason)).toBe(true);
    expect(isAbortError(error('network', ''))).toBe(false);
    expect(isAbortError(undefined)).toBe(false);
  });
});
