import { describe, expect, it } from 'vitest';
import { ACTIONS_COLUMN_KEY } from '../../../../../runtime/render/list/buildColumns';
import { tableWidth } from '../../../../../runtime/render/list/tableWidth';

describe('tableWidth: the width a list is laid out at when its card is narrower', () => {
  it('adds each column’s own width, else its title’s (sorter included), the actions and the selection', () => {
    const width = tableWidth(
      [
        { key: 'a', width: 64 },
        { key: 'b', title: '岗位名称', sorter: true },
        { key: 'c', title: '说明', width: 200 },
        { key: 'd', title: '状态' },
        { key: ACTIONS_COLUMN_KEY, title: '操作' },
      ],
      true,
    );
    // 48 selection + 64 + (4×14 + 32 + 20) + 200 + max(80, 2×14 + 32) + 180
    expect(width).toBe(48 + 64 + 108 + 200 + 80 + 180);
  });

  it('is a number, never max-content: a cut column keeps its own width', () => {
    expect(tableWidth([{ key: 'c', title: '说明', width: 200, ellipsis: true }], false)).toBe(200);
  });
});
