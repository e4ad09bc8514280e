import type { AreaData } from './areaTree';

let loading: Promise<AreaData> | undefined;

/** The region data (~116 KB of JSON), fetched on the first area picker rather than with every screen. */
export function loadAreaData(): Promise<AreaData> {
  loading ??= import('china-area-data/data.json').then((m) => (m.default ?? m) as AreaData);
  return loading;
}
