/** The segments of a JSON pointer (RFC 6901): '/form/sections/0/fields' -> ['form', 'sections', '0', 'fields']. */
export function pointerSegments(pointer: string): string[] {
  if (pointer === '' || pointer === '/') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** The value at a pointer, or undefined. */
export function getAt(root: unknown, pointer: string): unknown {
  let node: unknown = root;
  for (const segment of pointerSegments(pointer)) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[segment];
  }
  return node;
}

/**
 * A copy of `root` with the value at `pointer` replaced by `update(old)`; the objects on the way are
 * copied, everything else is shared (undo keeps every version cheaply). Missing objects are created.
 */
export function updateAt<T>(root: T, pointer: string, update: (old: unknown) => unknown): T {
  const segments = pointerSegments(pointer);
  const walk = (node: unknown, i: number): unknown => {
    if (i === segments.length) return update(node);
    const key = segments[i]!;
    if (Array.isArray(node)) {
      const copy = [...node];
      copy[Number(key)] = walk(node[Number(key)], i + 1);
      return copy;
    }
    const object = node !== null && typeof node === 'object' ? (node as Record<string, unknown>) : {};
    return { ...object, [key]: walk(object[key], i + 1) };
  };
  return walk(root, 0) as T;
}
