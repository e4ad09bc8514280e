import type { DbAdapter } from '../DbAdapter.js';
import { sqliteDdl } from './ddl.js';
import { sqliteErrors } from './errors.js';
import { sqliteJson } from './json.js';
import { sqlitePaging } from './paging.js';
import { sqliteTextSearch } from './textSearch.js';
import { sqliteUpsert } from './upsert.js';

export function createSqliteAdapter(): DbAdapter {
  return { name: 'sqlite', ddl: sqliteDdl, paging: sqlitePaging, upsert: sqliteUpsert, json: sqliteJson, textSearch: sqliteTextSearch, errors: sqliteErrors };
}
