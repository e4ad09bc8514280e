/**
 * The editable table the browser tests and `npm run bench:table` drive: 12 columns over every cell
 * kind and rule (spec 000 §5), and `count` rows. With `invalid`, row 1 has no name, rows 3 and 250
 * share a code and row 5's price has three decimals.
 */
export const SAMPLE_TABLE_COLUMNS = [
  { key: 'orderNum', title: '序号', type: 'normal', isOrder: true, width: 60 },
  { key: 'name', title: '名称', validateRules: [{ required: true }] },
  { key: 'code', title: '编码', validateRules: [{ unique: true }, { pattern: 'n6-16' }] },
  { key: 'qty', title: '数量', type: 'inputNumber', statistics: true, validateRules: [{ pattern: 'z' }] },
  {
    key: 'unit',
    title: '单位',
    type: 'select',
    options: [
      { value: 'g', label: '克' },
      { value: 'kg', label: '千克' },
    ],
  },
  { key: 'price', title: '单价', type: 'inputNumber', validateRules: [{ pattern: 'money' }] },
  { key: 'serial', title: '出厂编号', validateRules: [{ pattern: '^[A-Z]{2}\\d{4,}$', message: '{label}应为两个大写字母加数字' }] },
  { key: 'passed', title: '合格', type: 'checkbox', customValue: ['Y', 'N'] },
  { key: 'testDate', title: '检测日期', type: 'date' },
  { key: 'mobile', title: '联系电话', validateRules: [{ pattern: 'm' }] },
  { key: 'remark', title: '备注', width: 160 },
  { key: 'place', title: '存放位置' },
];

export function sampleTableRows(count: number, invalid = false): Record<string, unknown>[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `row-${i + 1}`,
    name: invalid && i === 0 ? '' : `样品${i + 1}`,
    code: invalid && i === 249 ? '1000003' : String(1_000_000 + i + 1),
    qty: (i % 7) + 1,
    unit: i % 2 === 0 ? 'g' : 'kg',
    price: invalid && i === 4 ? '1.234' : `${(i % 90) + 10}.50`,
    serial: `SN${String(1000 + i)}`,
    passed: i % 3 === 0 ? 'N' : 'Y',
    testDate: '2026-11-20',
    mobile: '13912345678',
    remark: '',
    place: `A-${(i % 20) + 1}`,
  }));
}
