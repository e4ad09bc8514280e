import type Database from 'better-sqlite3';

type Row = Record<string, unknown>;

/** A statement's column names as of one schema version. */
interface Shape {
  version: number;
  names: readonly string[];
}

/** Reads rows of prepared statements as better-sqlite3's `all()` answers them, for less CPU. */
export interface RowShapes {
  all(statement: Database.Statement, parameters: unknown[]): Row[];
}

function objectOf(names: readonly string[], values: unknown[]): Row {
  const row: Row = {};
  // as better-sqlite3's own objects: a name repeated keeps its last column (and one named __proto__
  // is assigned, not defined)
  for (let i = 0; i < names.length; i++) row[names[i]!] = values[i];
  return row;
}

/**
 * Rows read as arrays and named in JavaScript with the statement's column names, read once:
 * better-sqlite3's objects name every column of every row natively, which measured 30–40 µs of a
 * 20-row, 13-column page of about 100 µs; objects built here also take one hidden class per
 * statement, which JSON.stringify walks faster.
 *
 * The names hold as long as the schema does: a statement SQLite re-prepares after a schema change
 * (`select *` after an added or renamed column) may answer other columns. So the schema version of
 * the connection is read before and after each statement; the first read under a new version, and a
 * read during which the version moved, are answered by better-sqlite3's own objects, and the names
 * are taken again from the statement as that first read left it.
 */
export function createRowShapes(connection: Database.Database): RowShapes {
  const schemaVersion = connection.prepare('pragma schema_version').pluck();
  const shapes = new WeakMap<Database.Statement, Shape>();
  const named = (statement: Database.Statement, parameters: unknown[]) => statement.raw(false).all(...parameters) as Row[];

  return {
    all(statement, parameters) {
      if (!statement.reader) return named(statement, parameters); // better-sqlite3's own refusal
      const version = schemaVersion.get() as number;
      const shape = shapes.get(statement);
      if (shape?.version !== version) {
        const rows = named(statement, parameters);
        if (schemaVersion.get() === version) {
          shapes.set(statement, { version, names: statement.columns().map((c) => c.name) });
        }
        return rows;
      }
      const values = statement.raw(true).all(...parameters) as unknown[][];
      if (schemaVersion.get() !== version) return named(statement, parameters);
      const names = shape.names;
      return values.map((v) => objectOf(names, v));
    },
  };
}
