import type { Form } from '@formily/core';
import type { DataProvider, DataRecord, ListParams } from '../../../../../runtime/data/DataProvider';
import type { Lang, ModelFile, ServedModel } from '../../../../../runtime/model/types';
import { serve } from '../../render/support/servedModels';
import { systemModelHooks } from '../../render/support/systemModelHooks';
import { testDataProvider, type TestDataProvider } from '../../render/support/testDataProvider';
import { testModels, testRuntime } from '../../render/support/testRuntime';
import { renderInForm } from './renderFields';

/**
 * A data provider over rows in memory, answering list (keyword over `searchFields`, paging, the
 * server's 500-row page limit) and get the way the generic endpoints do; every call is a spy.
 */
export function memoryProvider(rows: DataRecord[], searchFields: string[]): TestDataProvider {
  return testDataProvider({
    list: async (params: ListParams) => {
      if (params.pageSize > 500) throw new Error('pageSize must be between 1 and 500');
      const keyword = params.keyword?.toLowerCase();
      const matching = keyword
        ? rows.filter((row) =>
            searchFields.some((field) =>
              String(row[field] ?? '')
                .toLowerCase()
                .includes(keyword),
            ),
          )
        : rows;
      const start = (params.page - 1) * params.pageSize;
      return { records: matching.slice(start, start + params.pageSize), total: matching.length, page: params.page, pageSize: params.pageSize };
    },
    get: async (id: string) => {
      const row = rows.find((candidate) => candidate.id === id);
      if (!row) throw new Error(`no record ${id}`);
      return row;
    },
  });
}

export interface PickerFixture {
  model: ModelFile;
  provider: DataProvider;
}

/** Renders Formily fields in a runtime whose models are `fixtures` (served in `lang`), read through their providers. */
export function renderPickerFields(
  properties: Record<string, Record<string, unknown>>,
  fixtures: PickerFixture[],
  options: { readPretty?: boolean; initialValues?: Record<string, unknown>; lang?: Lang } = {},
): Form {
  const served: ServedModel[] = fixtures.map((fixture) => serve(fixture.model, options.lang));
  const providers = Object.fromEntries(fixtures.map((fixture) => [fixture.model.id, fixture.provider]));
  const runtime = testRuntime({ models: testModels(...served), providers, lang: options.lang, hooks: systemModelHooks() });
  return renderInForm(runtime, properties, options);
}
