import { describe, expect, it } from 'vitest';
import { actionsColumnWidth, dateColumnWidth, textWidth } from '../../../../../runtime/render/list/columnWidths';

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
});

describe('dateColumnWidth: a date on one line', () => {
  it('fits the formatted value, or the title with its sorter if wider, and the cell padding', () => {
    expect(dateColumnWidth('YYYY-MM-DD HH:mm:ss', '创建时间', true)).toBe(19 * 8 + 32);
    expect(dateColumnWidth('YYYY-MM-DD', '日期', false)).toBe(10 * 8 + 32);
    expect(dateColumnWidth('YYYY-MM-DD', '证书有效期截止日期', true)).toBe(9 * 14 + 20 + 32);
  });
});
