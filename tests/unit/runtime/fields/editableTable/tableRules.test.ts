// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { buildTableColumns, RESERVED_CELL_TYPES } from '../../../../../runtime/fields/editableTable/tableColumns';
import { createThrottleGate, INSERT_THROTTLE_MS, rowDisabledBy, shortFileName, sumIntegers } from '../../../../../runtime/fields/editableTable/tableRules';

describe('editable table rules (spec 000 §5/§9)', () => {
  it('lets one insert through per 1,500 ms', () => {
    let now = 10_000;
    const mayInsert = createThrottleGate(INSERT_THROTTLE_MS, () => now);
    expect(INSERT_THROTTLE_MS).toBe(1500);
    expect(mayInsert()).toBe(true);
    now += 1499;
    expect(mayInsert()).toBe(false);
    now += 1;
    expect(mayInsert()).toBe(true);
  });

  it('sums the integer values of a statistics column', () => {
    expect(sumIntegers([1, '2', '3.9', 4.7, '', null, 'abc', '-1'])).toBe(9);
    expect(sumIntegers([])).toBe(0);
  });

  it('shows five characters of a file name', () => {
    expect(shortFileName('检测报告正式版.pdf')).toBe('检测报告正…');
    expect(shortFileName('a.pdf')).toBe('a.pdf');
  });

  it('disables rows by property values', () => {
    const disabled = rowDisabledBy({ state: ['0', '2'], locked: true });
    expect(disabled?.({ state: '0' })).toBe(true);
    expect(disabled?.({ state: 2 })).toBe(true);
    expect(disabled?.({ state: '1', locked: true })).toBe(true);
    expect(disabled?.({ state: '1' })).toBe(false);
    expect(rowDisabledBy({})).toBeUndefined();
  });

  it('refuses reserved and unknown cell types and repeated keys, and settles defaults', () => {
    const none = () => {
      throw new Error('no handler');
    };
    for (const type of RESERVED_CELL_TYPES) expect(() => buildTableColumns([{ key: 'a', title: 'A', type }], none)).toThrow(`"${type}" is reserved`);
    expect(() => buildTableColumns([{ key: 'a', title: 'A', type: 'slider' }], none)).toThrow('unknown cell type "slider"');
    expect(() =>
      buildTableColumns(
        [
          { key: 'a', title: 'A' },
          { key: 'a', title: 'B' },
        ],
        none,
      ),
    ).toThrow('used twice');
    expect(() => buildTableColumns([{ key: 'a', title: 'A', validateRules: [{ handler: 'x.y' }] }], none)).toThrow('no handler');
    const [column] = buildTableColumns([{ key: 'a', title: 'A', validateRules: [{ required: true }] }], none);
    expect(column).toMatchObject({ type: 'input', width: 120, required: true });
  });
});
