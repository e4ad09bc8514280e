import type { HttpClient } from '../../runtime/data/HttpClient';
import { LOGIN_DATA_TTL_MS } from '../app/constants';
import type { PrefixedStorage } from '../session/createPrefixedStorage';
import { SESSION_KEYS } from '../session/createSessionStore';
import type { MenuNode } from '../session/types';
import { menuNodeKind } from './menuNodeKind';

/** Spec 000 §2: the submenu whose external item carries the user's account and a business token. */
export const BUSINESS_MENU_PATH = '/business';
/** Spec 000 §9 "Token fetch debounce 5 s". */
export const BUSINESS_TOKEN_DEBOUNCE_MS = 5_000;

/** POST /admin/index/getToken result. */
export interface BusinessToken {
  name: string;
  token: string;
}

/** The token is kept 7 days (spec 000 §7) under SESSION_KEYS.businessToken and dropped at sign-out with the login data. */
export interface BusinessTokenSource {
  /** the stored token, if one is still within its 7 days */
  current(): BusinessToken | null;
  /**
   * Asks the server for a token for `account` (the '/business' submenu opened). A call within 5 s of the
   * previous one sends nothing and answers what that one answers.
   */
  fetch(account: string): Promise<BusinessToken | null>;
}

export function createBusinessTokenSource(http: HttpClient, storage: PrefixedStorage, now: () => number = Date.now): BusinessTokenSource {
  let last: { at: number; answer: Promise<BusinessToken | null> } | null = null;
  const current = () => storage.get<BusinessToken>(SESSION_KEYS.businessToken);
  return {
    current,
    fetch(account) {
      if (last !== null && now() - last.at < BUSINESS_TOKEN_DEBOUNCE_MS) return last.answer;
      const answer = http.post<BusinessToken>('/admin/index/getToken', { account }).then(
        ({ data }) => {
          storage.set(SESSION_KEYS.businessToken, { name: data.name, token: data.token }, LOGIN_DATA_TTL_MS);
          return current();
        },
        // the error catalogue has shown the failure; the link opens without a token
        () => current(),
      );
      last = { at: now(), answer };
      return answer;
    },
  };
}

/** The external items of '/business' submenus (keys are paths): the links that get the account and token. */
export function businessLinkPaths(nodes: readonly MenuNode[]): Set<string> {
  const found = new Set<string>();
  const walk = (list: readonly MenuNode[]) => {
    for (const node of list) {
      if (node.path === BUSINESS_MENU_PATH) {
        for (const child of node.children ?? []) if (menuNodeKind(child).kind === 'external') found.add(child.path);
      }
      walk(node.children ?? []);
    }
  };
  walk(nodes);
  return found;
}

/** The address with the account name and the token appended as query parameters. */
export function businessLinkUrl(url: string, business: BusinessToken | null): string {
  if (business === null) return url;
  const [beforeHash, hash] = splitOnce(url, '#');
  const query = new URLSearchParams({ account: business.name, token: business.token }).toString();
  return `${beforeHash}${beforeHash.includes('?') ? '&' : '?'}${query}${hash === null ? '' : `#${hash}`}`;
}

function splitOnce(text: string, separator: string): [string, string | null] {
  const at = text.indexOf(separator);
  return at < 0 ? [text, null] : [text.slice(0, at), text.slice(at + 1)];
}
