import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { PLAIN_TOKENS } from '../../../../runtime/fields/plainTokens';

describe('PLAIN_TOKENS', () => {
  it('are antd’s default-theme values (the app’s theme changes only the primary colour)', () => {
    const antd = theme.getDesignToken({ token: { colorPrimary: '#722ED1' } });
    const names = Object.keys(PLAIN_TOKENS) as (keyof typeof PLAIN_TOKENS)[];
    expect(Object.fromEntries(names.map((name) => [name, antd[name]]))).toEqual(PLAIN_TOKENS);
  });
});
