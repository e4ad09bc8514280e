// @vitest-environment node
import data from 'china-area-data/data.json' with { type: 'json' };
import { describe, expect, it } from 'vitest';
import { AREA_ROOT, areaLabel, areaOptions, areaPath, DEFAULT_AREA_DEPTH, type AreaData } from '../../../../runtime/fields/area/areaTree';

const areas = data as AreaData;

describe('region data under root 86 (china-area-data)', () => {
  it('lists the provinces under 86, two levels by default', () => {
    expect(AREA_ROOT).toBe('86');
    expect(DEFAULT_AREA_DEPTH).toBe(2);
    const provinces = areaOptions(areas);
    expect(provinces.length).toBeGreaterThanOrEqual(34);
    const hebei = provinces.find((p) => p.label === '河北省')!;
    expect(hebei.value).toBe('130000');
    expect(hebei.children?.find((c) => c.value === '130100')).toEqual({ value: '130100', label: '石家庄市' });
    expect(areaOptions(areas, 1).every((p) => p.children === undefined)).toBe(true);
    const district = areaOptions(areas, 3).find((p) => p.value === '110000')?.children?.[0]?.children?.[0];
    expect(district).toEqual({ value: '110101', label: '东城区' });
  });

  it('finds the path and names of a code, and nothing for an unknown one', () => {
    expect(areaPath(areas, '130102')).toEqual(['130000', '130100', '130102']);
    expect(areaLabel(areas, '130100')).toBe('河北省/石家庄市');
    expect(areaLabel(areas, '110101', ' ')).toBe('北京市 市辖区 东城区');
    expect(areaPath(areas, '999999')).toEqual([]);
    expect(areaLabel(areas, '86')).toBe('');
  });
});
