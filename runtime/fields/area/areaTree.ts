/** The parent of the provinces in /api/system/Area (spec 000 §3: root 86, the GB/T 2260 country code). */
export const AREA_ROOT = '86';
/** spec 000 §9: province and city unless the field asks for districts too */
export const DEFAULT_AREA_DEPTH = 2;
