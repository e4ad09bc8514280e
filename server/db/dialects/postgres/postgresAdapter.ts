import type { DbAdapter } from '../DbAdapter.js';
import { postgresDdl } from './ddl.js';
import { postgresErrors } from './errors.js';
import { postgresJson } from './json.js';
import { postgresPaging } from './paging.js';
import { createPostgresTextSearch } from './textSearch.js';
import { postgresUpsert } from './upsert.js';

export function createPostgresAdapter(): DbAdapter {
  return {
    name: 'postgres',
    ddl: postgresDdl,
    paging: postgresPaging,
    upsert: postgresUpsert,
    json: postgresJson,
    textSearch: createPostgresTextSearch(),
    errors: postgresErrors,
  };
}
