import { describe, expect, it, vi } from 'vitest';
import { LOGIN_DATA_TTL_MS } from '../../../../src/app/constants';
import { BUSINESS_TOKEN_DEBOUNCE_MS, businessLinkPaths, businessLinkUrl, createBusinessTokenSource } from '../../../../src/menu/businessToken';
import { createPrefixedStorage } from '../../../../src/session/createPrefixedStorage';
import type { MenuNode } from '../../../../src/session/types';
import { createFakeHttp } from '../helpers/fakeHttp';

function setup(answer: () => unknown = () => ({ name: 'tester', token: 'biz-token' })) {
  let clock = 1_000_000;
  const storage = createPrefixedStorage(window.localStorage, () => clock);
  window.localStorage.clear();
  const handler = vi.fn<(body: unknown) => unknown>(() => answer());
  const http = createFakeHttp({ 'POST /admin/index/getToken': handler });
  const source = createBusinessTokenSource(http, storage, () => clock);
  return { source, handler, http, advance: (ms: number) => (clock += ms) };
}

describe('the /business token (POST /admin/index/getToken)', () => {
  it('is not asked again within 5 s: calls in that window share the first answer', async () => {
    const { source, handler, advance } = setup();
    const first = source.fetch('tester');
    advance(BUSINESS_TOKEN_DEBOUNCE_MS - 1);
    const second = source.fetch('tester');
    expect(await first).toEqual({ name: 'tester', token: 'biz-token' });
    expect(await second).toEqual({ name: 'tester', token: 'biz-token' });
    expect(handler).toHaveBeenCalledTimes(1);
    expect(handler.mock.calls[0]?.[0]).toEqual({ account: 'tester' });
    advance(1);
    await source.fetch('tester');
    expect(handler).toHaveBeenCalledTimes(2);
  });

  it('is kept 7 days', async () => {
    const { source, advance } = setup();
    await source.fetch('tester');
    advance(LOGIN_DATA_TTL_MS - 1);
    expect(source.current()).toEqual({ name: 'tester', token: 'biz-token' });
    advance(1);
    expect(source.current()).toBeNull();
  });

  it('a failed call leaves the stored token as it was', async () => {
    const { source } = setup(() => {
      throw new Error('offline');
    });
    expect(await source.fetch('tester')).toBeNull();
  });
});

describe('the /business link', () => {
  const link = (id: string, url: string): MenuNode => ({ id, path: `/${id}`, meta: { title: id, url, internalOrExternal: true } });
  it("is an external item of a '/business' submenu", () => {
    const menu: MenuNode[] = [
      { id: 'biz', path: '/business', component: 'RouteView', meta: { title: '业务' }, children: [link('platform', 'https://lims.example.com/sso')] },
      link('elsewhere', 'https://example.org'),
    ];
    expect([...businessLinkPaths(menu)]).toEqual(['/platform']);
  });

  it('gets the account name and the token appended, before any fragment', () => {
    const business = { name: '张三', token: 'a+b' };
    expect(businessLinkUrl('https://lims.example.com/sso', business)).toBe('https://lims.example.com/sso?account=%E5%BC%A0%E4%B8%89&token=a%2Bb');
    expect(businessLinkUrl('https://lims.example.com/sso?x=1#/home', business)).toBe(
      'https://lims.example.com/sso?x=1&account=%E5%BC%A0%E4%B8%89&token=a%2Bb#/home',
    );
    expect(businessLinkUrl('https://lims.example.com/sso', null)).toBe('https://lims.example.com/sso');
  });
});
