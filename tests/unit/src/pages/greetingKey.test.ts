import { describe, expect, it } from 'vitest';
import { greetingKey } from '../../../../src/pages/home/greetingKey';
import { createTestI18n } from '../helpers/appI18n';

describe('greeting by hour (spec 000 §9: before 9, to 11, to 13, before 20, otherwise)', () => {
  it.each([
    [0, 'early', '早上好'],
    [8, 'early', '早上好'],
    [9, 'morning', '上午好'],
    [11, 'morning', '上午好'],
    [12, 'noon', '中午好'],
    [13, 'noon', '中午好'],
    [14, 'afternoon', '下午好'],
    [19, 'afternoon', '下午好'],
    [20, 'evening', '晚上好'],
    [23, 'evening', '晚上好'],
  ] as const)('%i h → %s (%s)', (hour, key, zh) => {
    expect(greetingKey(hour)).toBe(key);
    expect(createTestI18n('zh-CN').t(`home.greeting.${key}`)).toBe(zh);
  });
});
