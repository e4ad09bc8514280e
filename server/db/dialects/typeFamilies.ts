/** Broad kinds of column types: a column of the right kind serves a model field, whatever its spelling. */
export type TypeFamily = 'text' | 'integer' | 'number' | 'json' | 'other';

export interface TypeSpelling {
  familyOf(type: string): TypeFamily;
  /** the declared maximum length of a varchar, where introspection reports it */
  lengthOf(type: string): number | null;
}

/** The shared rule of both dialects' typeMismatch: the same family, and not shorter than wanted. */
export function describeMismatch(spelling: TypeSpelling, wanted: string, actual: string): string | null {
  const problem = `model wants ${wanted}, the table has ${actual}`;
  if (spelling.familyOf(wanted) !== spelling.familyOf(actual)) return problem;
  const wantLength = spelling.lengthOf(wanted);
  const haveLength = spelling.lengthOf(actual);
  return wantLength !== null && haveLength !== null && haveLength < wantLength ? problem : null;
}

export function varcharLength(type: string): number | null {
  const match = /^(?:varchar|character varying)\((\d+)\)$/i.exec(type.trim());
  return match ? Number(match[1]) : null;
}
