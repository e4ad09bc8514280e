import { describe, expect, it } from 'vitest';
import { actionsColumnWidth, dateColumnWidth, textWidth, titleColumnWidth } from '../../../../../runtime/render/list/columnWidths';

describe('actionsColumnWidth: room for every link a row may show', () => {
  it('counts a CJK character as 14 px and a Latin one as 8', () => {
    expect(textWidth('编辑')).toBe(28);
    expect(textWidth('Edit')).toBe(32);
    expect(textWidth('打印 A')).toBe(28 + 8 + 8);
  });

  it('adds each link with its padding, and the cell padding', () => {
    // 编辑 详情 删除 打印: 4 × (28 + 14) + 32
    expect(actionsColumnWidth(['编辑', '详情', '删除', '打印'], '操作')).toBe(200);
    // Edit Details Delete Print: (32 + 56 + 48 + 40) + 4 × 14 + 32
    expect(actionsColumnWidth(['Edit', 'Details', 'Delete', 'Print'], 'Actions')).toBe(264);
  });

  it('is never narrower than its title', () => {
    expect(actionsColumnWidth(['编辑'], '操作一二三四五')).toBe(7 * 14 + 32);
  });

  it('adds the 更多 link, its arrow included, when links fold into it', () => {
    // 编辑 详情 删除 更多▾: 4 × (28 + 14) + 22 + 32
    expect(actionsColumnWidth(['编辑', '详情', '删除'], '操作', '更多')).toBe(222);
    // Edit Details Delete More▾: (32 + 56 + 48 + 32) + 4 × 14 + 22 + 32 (six links side by side were 516 px wide)
    expect(actionsColumnWidth(['Edit', 'Details', 'Delete'], 'Actions', 'More')).toBe(278);
  });
});

describe('titleColumnWidth: a column without a width of its own is as wide as its title', () => {
  it('fits the title in the user’s language, with its sorter, and keeps 80 px for short ones', () => {
    // "Current department" was cut to "Current departm" in an equal share of the table
    expect(titleColumnWidth('Current department', false)).toBe(18 * 8 + 32);
    expect(titleColumnWidth('当前部门', true)).toBe(4 * 14 + 20 + 32);
    expect(titleColumnWidth('IP', false)).toBe(80);
  });
});

describe('dateColumnWidth: a date on one line', () => {
  it('fits the formatted value, or the title with its sorter if wider, and the cell padding', () => {
    expect(dateColumnWidth('YYYY-MM-DD HH:mm:ss', '创建时间', true)).toBe(19 * 8 + 32);
    expect(dateColumnWidth('YYYY-MM-DD', '日期', false)).toBe(10 * 8 + 32);
    expect(dateColumnWidth('YYYY-MM-DD', '证书有效期截止日期', true)).toBe(9 * 14 + 20 + 32);
  });
});
