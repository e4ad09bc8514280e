import { appError } from '../errors.js';

/** A piece of a scanned statement: SQL text as written (comments removed) or a named parameter. */
export type SqlPiece = { text: string } | { param: string };

export interface ScannedSql {
  pieces: SqlPiece[];
  /** the parameter names in order of first appearance */
  params: string[];
}

const PARAM_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}/;

/**
 * The lexical pass over configured SQL, before the parser sees it (checkSelect.ts). It removes comments
 * (a trailing `--` comment would otherwise swallow whatever the runner appends), splits out `:name`
 * parameters so their values are always bound, and refuses what no configured query needs and what
 * could reach around the binding: a `;` before the end (a second statement), `?` and `$n` (the drivers'
 * own placeholders), `$tag$` quoting, backslash escapes and unterminated quotes or comments.
 * String literals and quoted identifiers are kept as written; a `::` cast is not a parameter.
 */
export function scanSql(text: string): ScannedSql {
  const pieces: SqlPiece[] = [];
  const params: string[] = [];
  let current = '';
  let i = 0;
  const refuse = (what: string) => appError('CL_ERR_SQL_SYNTAX', { detail: what });
  while (i < text.length) {
    const c = text[i]!;
    const next = text[i + 1];
    if (c === '-' && next === '-') {
      const end = text.indexOf('\n', i);
      i = end === -1 ? text.length : end;
      current += ' ';
    } else if (c === '/' && next === '*') {
      const end = text.indexOf('*/', i + 2);
      if (end === -1) throw refuse('unterminated comment');
      // PostgreSQL nests block comments, SQLite does not: a nested opener would be read two ways
      if (text.slice(i + 2, end).includes('/*')) throw refuse('nested comment');
      i = end + 2;
      current += ' ';
    } else if (c === "'" || c === '"' || c === '`') {
      let j = i + 1;
      for (;;) {
        if (j >= text.length) throw refuse('unterminated quote');
        if (text[j] === '\\' && c === "'") throw refuse('backslash escape');
        if (text[j] === c) {
          if (text[j + 1] === c) j += 2;
          else break;
        } else j++;
      }
      current += text.slice(i, j + 1);
      i = j + 1;
    } else if (c === ':' && next === ':') {
      current += '::';
      i += 2;
    } else if (c === ':') {
      const name = PARAM_NAME.exec(text.slice(i + 1))?.[0];
      if (!name) throw refuse('a lone ":"');
      if (current) pieces.push({ text: current });
      current = '';
      pieces.push({ param: name });
      if (!params.includes(name)) params.push(name);
      i += 1 + name.length;
    } else if (c === '?' || c === '$') {
      throw refuse(`"${c}" outside a string`);
    } else if (c === ';') {
      if (text.slice(i + 1).trim() !== '' && !/^(\s|--[^\n]*(\n|$)|\/\*[\s\S]*?\*\/)*$/.test(text.slice(i + 1))) throw appError('CL_ERR_SQL_NOT_ONE_SELECT');
      i = text.length;
    } else if (c === '\\') {
      throw refuse('backslash');
    } else {
      current += c;
      i++;
    }
  }
  if (current.trim()) pieces.push({ text: current });
  return { pieces, params };
}

/** The scanned statement as one text with `:name` placeholders again (what the parser reads). */
export function joinPieces(pieces: SqlPiece[]): string {
  return pieces.map((p) => ('text' in p ? p.text : `:${p.param}`)).join('');
}
