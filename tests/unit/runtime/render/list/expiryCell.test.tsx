import { render, screen } from '@testing-library/react';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { expiryCell, expiryState } from '../../../../../runtime/render/list/cellRenderers';

const today = dayjs('2026-03-10T15:30:00');
const texts = { soon: '即将到期', expired: '已过期' };

describe('expiring date columns (warnWithinDays)', () => {
  it('counts whole days from today: past is expired, up to N days ahead is soon, later is nothing', () => {
    expect(expiryState('2026-03-09', 30, today)).toBe('expired');
    expect(expiryState('2026-03-10', 30, today)).toBe('soon');
    expect(expiryState('2026-04-09', 30, today)).toBe('soon');
    expect(expiryState('2026-04-10', 30, today)).toBeNull();
    expect(expiryState('2026-04-09 00:00:00', 30, today)).toBe('soon');
  });

  it('flags nothing for an empty or unreadable date', () => {
    for (const value of [null, undefined, '', 'not a date']) expect(expiryState(value, 30, today)).toBeNull();
  });

  it('shows the date with a red or orange tag', () => {
    const past = dayjs().subtract(1, 'day').format('YYYY-MM-DD');
    const soon = dayjs().add(5, 'day').format('YYYY-MM-DD');
    const later = dayjs().add(90, 'day').format('YYYY-MM-DD');
    render(
      <>
        {expiryCell(past, 30, texts)}
        {expiryCell(soon, 30, texts)}
      </>,
    );
    expect(screen.getByText('已过期')).toHaveClass('ant-tag-red');
    expect(screen.getByText('即将到期')).toHaveClass('ant-tag-orange');
    expect(expiryCell(later, 30, texts)).toBe(later);
  });
});
