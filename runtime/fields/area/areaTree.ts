/**
 * Region data as china-area-data ships it: parent code → { child code → name }, provinces under the root
 * code 86 (spec 000 §3). Pure, so the picker and its tests share it.
 */
export type AreaData = Readonly<Record<string, Readonly<Record<string, string>>>>;

export const AREA_ROOT = '86';
/** spec 000 §9: province and city unless the field asks for districts too */
export const DEFAULT_AREA_DEPTH = 2;

export interface AreaOption {
  value: string;
  label: string;
  children?: AreaOption[];
}

/** The cascader options down to `depth` levels (1 provinces, 2 cities, 3 districts). */
export function areaOptions(data: AreaData, depth = DEFAULT_AREA_DEPTH, parent = AREA_ROOT): AreaOption[] {
  return Object.entries(data[parent] ?? {}).map(([value, label]) => {
    const children = depth > 1 && data[value] ? areaOptions(data, depth - 1, value) : undefined;
    return children && children.length > 0 ? { value, label, children } : { value, label };
  });
}

const parents = new WeakMap<AreaData, Map<string, string>>();

function parentOf(data: AreaData): Map<string, string> {
  let map = parents.get(data);
  if (!map) {
    map = new Map();
    for (const [parent, children] of Object.entries(data)) for (const code of Object.keys(children)) map.set(code, parent);
    parents.set(data, map);
  }
  return map;
}

/** The codes from the province down to `code`; [] for a code the data does not know. */
export function areaPath(data: AreaData, code: string): string[] {
  const parent = parentOf(data);
  const path: string[] = [];
  for (let at: string | undefined = code; at && at !== AREA_ROOT; at = parent.get(at)) {
    if (!parent.has(at)) return [];
    path.unshift(at);
  }
  return path;
}

/** 'province/city/district' names of a code, '' when unknown. */
export function areaLabel(data: AreaData, code: string, separator = '/'): string {
  const path = areaPath(data, code);
  const parent = parentOf(data);
  return path.map((at) => data[parent.get(at) as string]?.[at] ?? at).join(separator);
}
