// @vitest-environment node
// (scripts/i18nTraditional.ts locates the project through a file: URL, which jsdom does not give)
import { describe, expect, it } from 'vitest';
import { CLIENT_ERROR_CODES, clientErrorTextKey } from '../../../../runtime/data/errors';
import { dataResources } from '../../../../runtime/data/i18n';
import { LANGS } from '../../../../runtime/model/types';
import { traditionalCatalogues } from '../../../../scripts/i18nTraditional';

function keysOf(node: unknown, prefix = ''): string[] {
  if (typeof node !== 'object' || node === null) return [prefix];
  return Object.entries(node).flatMap(([key, value]) => keysOf(value, prefix ? `${prefix}.${key}` : key));
}

function textAt(lang: (typeof LANGS)[number], key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], dataResources[lang]);
}

describe("namespace 'data'", () => {
  it('has the same keys in every language', () => {
    const zh = keysOf(dataResources['zh-CN']).sort();
    for (const lang of LANGS) expect(keysOf(dataResources[lang]).sort()).toEqual(zh);
  });

  it('has a text for every client error code', () => {
    for (const code of CLIENT_ERROR_CODES) for (const lang of LANGS) expect(typeof textAt(lang, clientErrorTextKey(code))).toBe('string');
  });

  it('quotes the spec exactly in zh-CN', () => {
    expect(dataResources['zh-CN']).toMatchObject({
      feedback: {
        systemNotice: '系统提示',
        accessDenied: '拒绝访问',
        notFound: '很抱歉，资源未找到!',
        timeout: '网络超时',
        unauthorized: '未授权，请重新登录',
        loginExpiredTitle: '登录已过期',
        loginExpiredContent: '很抱歉，登录已过期，请重新登录',
        relogin: '重新登录',
      },
    });
  });

  it('has a generated zh-TW that is up to date (npm run i18n:tw)', () => {
    const ours = traditionalCatalogues().find((c) => c.file.endsWith('runtime/data/i18n/zh-TW.json'));
    expect(ours).toBeDefined();
    expect(ours!.actual).toBe(ours!.expected);
  });
});
