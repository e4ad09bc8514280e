import { LOGIN_PATH } from '../app/constants';

export function loginPathWithRedirect(fullPath: string): string {
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(fullPath)}`;
}

/** Only an in-app path may be a redirect target: never another origin ('//host', 'https:…'). */
export function safeRedirectTarget(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}
